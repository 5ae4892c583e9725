import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodeBytes, encodeBytes, isEncodedBytes } from "./byte-codec";
import { blobPath, blobTag, blobThreshold } from "./harness-bytes-names";

/**
 * Large byte arrays between the harness's page and Node, in binary over loopback HTTP on the page's own
 * origin, instead of base64 in the binding's JSON: Electron's IPC carries them by structured clone, and
 * base64 through the DevTools protocol costs the page tens of milliseconds for a few hundred KiB. A value
 * is `{ $signdeskBlob: id }` in the binding's JSON; each id is fetched once.
 */

export interface ByteStore {
  /** Answers the harness's byte requests; false for any other request. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Args from the page: blob ids and base64 replaced by their bytes. */
  decode(value: unknown): unknown;
  /** A result for the page: large byte arrays stored for it to fetch. */
  encode(value: unknown): unknown;
}

export function createByteStore(): ByteStore {
  const blobs = new Map<string, Uint8Array>();

  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode);
    if (isEncodedBytes(value)) return decodeBytes(value);
    if (value !== null && typeof value === "object") {
      const record = value as Record<string, unknown>;
      const id = record[blobTag];
      if (typeof id === "string" && Object.keys(record).length === 1) {
        const bytes = blobs.get(id);
        blobs.delete(id);
        if (bytes === undefined) throw new Error(`the harness has no bytes ${id}`);
        return bytes;
      }
      return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, decode(inner)]));
    }
    return decodeBytes(value);
  };

  const encode = (value: unknown): unknown => {
    if (value instanceof Uint8Array && value.byteLength >= blobThreshold) {
      const id = randomUUID();
      blobs.set(id, value);
      return { [blobTag]: id };
    }
    if (value instanceof Uint8Array) return encodeBytes(value);
    if (Array.isArray(value)) return value.map(encode);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, encode(inner)]));
    }
    return value;
  };

  const handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = new URL(request.url ?? "/", "http://harness");
    if (!url.pathname.startsWith(blobPath)) return false;
    if (request.method === "POST" && url.pathname === blobPath) {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const id = randomUUID();
        const body = Buffer.concat(chunks);
        blobs.set(id, new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
        response.writeHead(200, { "content-type": "text/plain" }).end(id);
      });
      return true;
    }
    const id = url.pathname.slice(blobPath.length + 1);
    const bytes = request.method === "GET" ? blobs.get(id) : undefined;
    if (bytes === undefined) {
      response.writeHead(404).end("Not found");
      return true;
    }
    blobs.delete(id);
    response.writeHead(200, { "content-type": "application/octet-stream" }).end(bytes);
    return true;
  };

  return { handle, decode, encode };
}
