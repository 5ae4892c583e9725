import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";

/** A Content-Encoding the server may answer with. */
export type Encoding = "gzip" | "x-gzip" | "deflate" | "deflate-raw" | "br";

/** One part of a multipart request, as it arrived. */
export interface RecordedPart {
  name: string;
  /** The part's Content-Disposition header as sent. */
  disposition: string;
  /** The `filename` parameter (quoted form, unquoted), when present. */
  filename: string | null;
  /** The `filename*` parameter (RFC 5987), decoded, when present. */
  filenameStar: string | null;
  contentType: string | null;
  /** The part's content as text (files: their size only). */
  text: string | null;
  size: number;
}

/** A request the variant server refuses: the status and message it answers with. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The variant server's HTTP: reading requests (multipart, RFC 5987 names, JSON) and writing answers, compressed. */

export function send(res: ServerResponse, status: number, body: Buffer | string, headers: Record<string, string>) {
  res.writeHead(status, headers);
  res.end(body);
}

export function compress(bytes: Buffer, encoding: Encoding): { bytes: Buffer; header: string } {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return { bytes: gzipSync(bytes), header: encoding };
    case "deflate":
      return { bytes: deflateSync(bytes), header: "deflate" };
    case "deflate-raw":
      return { bytes: deflateRawSync(bytes), header: "deflate" };
    case "br":
      return { bytes: brotliCompressSync(bytes), header: "br" };
  }
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The value of a header parameter (`name="..."` or `name=token`), or null. */
export function parameter(header: string, name: string): string | null {
  const pattern = new RegExp(
    `(?:^|;)\\s*${name.replace("*", "\\*")}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`,
    "i",
  );
  const found = pattern.exec(header);
  if (found === null) return null;
  return found[1] ?? found[2] ?? null;
}

/** RFC 5987 `UTF-8''percent-encoded` (or ISO-8859-1), decoded. */
export function decodeExtended(value: string): string {
  const found = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (found === null) return value;
  const [, charset = "", encoded = ""] = found;
  if (charset.toLowerCase() === "utf-8") return decodeURIComponent(encoded);
  return Buffer.from(
    encoded.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("latin1");
}

/** A multipart/form-data body, split into its parts (small bodies only: this is a test server). */
export function parseMultipart(body: Buffer, contentType: string): RecordedPart[] {
  const boundary = parameter(contentType, "boundary");
  if (boundary === null) throw new Refusal(400, "No file uploaded.");
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: RecordedPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    const headers = new Map<string, string>();
    for (const line of part.subarray(0, headerEnd).toString("utf8").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const content = part.subarray(headerEnd + 4);
    const disposition = headers.get("content-disposition") ?? "";
    const filename = parameter(disposition, "filename");
    const star = parameter(disposition, "filename*");
    const isFile = filename !== null || star !== null;
    parts.push({
      name: parameter(disposition, "name") ?? "",
      disposition,
      filename,
      filenameStar: star === null ? null : decodeExtended(star),
      contentType: headers.get("content-type") ?? null,
      text: isFile ? null : content.toString("utf8"),
      size: content.length,
    });
    start = next;
  }
  return parts;
}

export function parseJsonText(text: string | null | undefined, problem: string): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    throw new Refusal(400, problem);
  }
}
