import { open } from "node:fs/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "./api-error";

/** First and last byte, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The part of a `size`-byte file a `Range` header asks for (RFC 9110 section 14): null for the whole file when
 * there is no header or one the sandbox ignores (not bytes, several ranges, malformed: a server may ignore
 * those), "unsatisfiable" when the one range lies wholly past the end.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, first = "", last = ""] = match;
  if (first === "") {
    if (last === "") return null;
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Answers a file streamed from disk (never held in memory), honouring one byte range: 206 with
 * Content-Range, 416 when the range is past the end, 200 with the whole file otherwise.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  options: { type: string; headers?: Record<string, string> },
): Promise<FastifyReply> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const range = byteRangeOf(request.headers.range, size);
    reply.header("accept-ranges", "bytes");
    if (range === "unsatisfiable") {
      throw new ApiError(416, "The requested range is not within the file.", {
        headers: { "content-range": `bytes */${size}` },
      });
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    if (range !== null) reply.code(206).header("content-range", `bytes ${start}-${end}/${size}`);
    reply
      .headers(options.headers ?? {})
      .type(options.type)
      .header("content-length", String(end - start + 1));
    if (size === 0) {
      await handle.close();
      return reply.send(Buffer.alloc(0));
    }
    return reply.send(handle.createReadStream({ start, end }));
  } catch (error) {
    await handle.close();
    throw error;
  }
}
