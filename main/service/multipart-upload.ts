import { randomBytes } from "node:crypto";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import type { BodySink, RequestBody } from "./transport";

/** The file to upload could not be read from this machine (nothing about the service). */
export class UploadFileError extends UserError {
  override readonly name = "UploadFileError";

  constructor(words: Phrase | string, options?: ErrorOptions) {
    super("unreadable_file", words, options);
  }
}

const messages = defineMessages({
  cannotRead: {
    id: "main.service.cannotReadFile",
    defaultMessage:
      "Cannot read {fileName}: {problem, select, missing {the file does not exist} denied {permission denied} folder {it is a folder} other {{code}}}.",
    description: "{fileName} is the file being uploaded; {code} a system error code or message.",
  },
  changed: {
    id: "main.service.fileChanged",
    defaultMessage: "{fileName} changed while it was being uploaded.",
  },
});

const chunkBytes = 64 * 1024;

const contentTypes: Record<string, string> = {
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".doc": "application/msword",
};

/** Quotes a Content-Disposition parameter as browsers do (HTML spec: `"`, CR and LF percent-encoded). */
function quoted(value: string): string {
  return `"${value.replaceAll('"', "%22").replaceAll("\r", "%0D").replaceAll("\n", "%0A")}"`;
}

/**
 * The file name parameters of a part's Content-Disposition: `filename="..."` alone for an ASCII name;
 * for any other, an ASCII stand-in (accents dropped, other characters as `_`) in `filename` for servers
 * that read only that, and the exact name in RFC 5987 form, `filename*=UTF-8''<percent-encoded>`.
 */
export function fileNameParameters(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName)) return `filename=${quoted(fileName)}`;
  const fallback = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/[^\x20-\x7e]/g, "_");
  // RFC 5987 attr-char: ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else percent-encoded as UTF-8.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `filename=${quoted(fallback)}; filename*=UTF-8''${encoded}`;
}

function readProblem(fileName: string, error: unknown): UploadFileError {
  const code = (error as { code?: unknown } | null)?.code;
  const problem =
    code === "ENOENT"
      ? "missing"
      : code === "EACCES" || code === "EPERM"
        ? "denied"
        : code === "EISDIR"
          ? "folder"
          : "other";
  return new UploadFileError(
    phrase(messages.cannotRead, { fileName, problem, code: typeof code === "string" ? code : String(error) }),
  );
}

export interface MultipartFile {
  /** Form field name of the file part. */
  field: string;
  /** Path on disk. */
  path: string;
  /** File name the service is told. */
  fileName: string;
}

/**
 * A multipart/form-data body: the text parts, then the file streamed from disk. Its length is known
 * up front (Content-Length), and the file is read through two reused 64 KiB buffers, each refilled
 * only once the connection has taken it, so an upload of any size allocates almost nothing.
 */
export async function multipartBody(texts: [name: string, value: string][], file: MultipartFile): Promise<RequestBody> {
  let size: number;
  try {
    const info = await stat(file.path);
    if (!info.isFile()) throw Object.assign(new Error("not a file"), { code: "EISDIR" });
    size = info.size;
  } catch (error) {
    throw readProblem(file.fileName, error);
  }
  const boundary = `----SigndeskFormBoundary${randomBytes(16).toString("hex")}`;
  const type = contentTypes[path.extname(file.fileName).toLowerCase()] ?? "application/octet-stream";
  const preamble = Buffer.from(
    texts
      .map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
      )
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; ${fileNameParameters(file.fileName)}\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
    "utf8",
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: preamble.length + size + epilogue.length,
    async writeTo(sink: BodySink) {
      await sink.write(preamble);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file.path, "r");
      } catch (error) {
        throw readProblem(file.fileName, error);
      }
      const buffers = [Buffer.allocUnsafeSlow(chunkBytes), Buffer.allocUnsafeSlow(chunkBytes)] as const;
      const inFlight: [Promise<void> | null, Promise<void> | null] = [null, null];
      try {
        let position = 0;
        for (let index: 0 | 1 = 0; position < size; index = index === 0 ? 1 : 0) {
          // Reuse this buffer only once the connection has taken what it last held.
          await inFlight[index];
          const buffer = buffers[index];
          let bytesRead: number;
          try {
            ({ bytesRead } = await handle.read(buffer, 0, Math.min(chunkBytes, size - position), position));
          } catch (error) {
            throw readProblem(file.fileName, error);
          }
          if (bytesRead === 0) throw new UploadFileError(phrase(messages.changed, { fileName: file.fileName }));
          position += bytesRead;
          const written = sink.write(buffer.subarray(0, bytesRead));
          written.catch(() => {});
          inFlight[index] = written;
        }
        await Promise.all(inFlight);
      } finally {
        await handle.close();
      }
      await sink.write(epilogue);
    },
  };
}
