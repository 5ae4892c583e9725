import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { youngGarbageCollector } from "../../node-shared/young-garbage";
import { ApiError } from "../http/api-error";

export interface ReceivedForm {
  /** The `document` file part, streamed to a temporary file; null when none was sent. */
  file: string | null;
  fields: Record<string, string>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/**
 * Reads a multipart form, streaming the `document` part to `tmpDir` (never held in memory).
 * Other file parts are drained and ignored. Over the size limit: 413 as soon as the limit is reached.
 */
export async function receiveUpload(request: FastifyRequest, tmpDir: string): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    return { file: null, fields: {}, discard: async () => {} };
  }
  let file: string | null = null;
  // Part names are the client's: kept without a prototype, so "__proto__" or "constructor" is only a name.
  const fields: Record<string, string> = Object.create(null);
  const discard = async () => {
    if (file !== null) await rm(file, { force: true });
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "document" || file !== null) {
          part.file.resume();
          continue;
        }
        file = path.join(tmpDir, `upload-${randomUUID()}`);
        // At the limit, stop at once: busboy would otherwise read (and drop) the rest of the part before ending it.
        part.file.once("limit", () => part.file.destroy(new ApiError(413, "File too large.")));
        const received = youngGarbageCollector();
        part.file.on("data", (chunk: Buffer) => received(chunk.length));
        await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
        if (part.file.truncated) throw new ApiError(413, "File too large.");
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new ApiError(413, "File too large.");
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT") {
      throw new ApiError(400, "The form has too many parts.");
    }
    throw new ApiError(400, "The upload is not a well-formed multipart form.");
  }
  return { file, fields, discard };
}
