import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from "node:zlib";
import type { RawResponse } from "./transport";

const decoders: Record<string, (body: Buffer, options: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  br: promisify(brotliDecompress),
  // "deflate" is zlib-wrapped by the standard; some servers send it raw.
  deflate: async (body, options) => {
    try {
      return await promisify(inflate)(body, options);
    } catch {
      return await promisify(inflateRaw)(body, options);
    }
  },
};

export interface DecodedBody {
  body: Buffer;
  /** Why the body's Content-Encoding could not be undone (the body is then as it arrived), or null. */
  problem: string | null;
}

/**
 * The body with its Content-Encoding (gzip, deflate, br, or several, in order) undone. The client asks
 * for none, but a service or a proxy in front of it may compress anyway. Decoded, the body may be at
 * most `maxBytes`. An unknown or broken encoding leaves the body as it arrived, with the problem told
 * (a proxy that decompressed without dropping the header still gives readable JSON).
 */
export async function decodeContent(raw: RawResponse, maxBytes: number): Promise<DecodedBody> {
  const header = raw.headers["content-encoding"];
  const codings = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length === 0 || raw.body.length === 0) return { body: raw.body, problem: null };
  let body = raw.body;
  // Codings are listed in the order they were applied: undo the last first.
  for (const coding of codings.reverse()) {
    const decode = decoders[coding];
    if (decode === undefined) return { body: raw.body, problem: `its Content-Encoding "${coding}" is not supported` };
    try {
      body = await decode(body, { maxOutputLength: maxBytes });
    } catch (error) {
      const tooLarge = (error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE";
      return {
        body: raw.body,
        problem: tooLarge
          ? `decompressed, it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`
          : `its ${coding} encoding could not be decoded`,
      };
    }
  }
  return { body, problem: null };
}
