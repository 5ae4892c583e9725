import type { Readable } from "node:stream";
import { JSONParser } from "@streamparser/json";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import {
  AllDocumentsResponseSchema,
  type DocumentSummary,
  ListedDocumentSchema,
  listedDocument,
} from "../../common/wire";
import { protocolError } from "./service-error";

const messages = defineMessages({
  notJson: { id: "main.service.notJson", defaultMessage: "The service answered with something that is not JSON." },
  brokenCompression: {
    id: "main.service.brokenCompression",
    defaultMessage: "The service's answer could not be decoded (its compression is broken).",
  },
  listNotExpected: {
    id: "main.service.listNotExpected",
    defaultMessage: "The service's answer to getAllDocuments is not in the expected form ({why}).",
    description: "{why} is a technical detail, in English. getAllDocuments is the service's call, not translated.",
  },
});

/** What reading a getAllDocuments answer as a stream found. */
export interface DocumentStreamOutcome {
  /** Documents read and handed over. */
  read: number;
  /** Listed documents that could not be read (no id, recipients not a list…), left out. */
  skipped: number;
  /** Why the first skipped one could not be read. */
  firstProblem: string | null;
}

/** How much of the body's start is kept, to say what is wrong with an answer that lists no document. */
const keptPrefixBytes = 1024 * 1024;

/**
 * Reads the `documents` of a getAllDocuments answer as the bytes arrive, each checked with the same tolerant schema
 * as a whole answer, and hands them over in batches, waiting for each batch to be stored before reading on (so
 * memory holds one batch, whatever the answer's size). A listed document that cannot be read is left out and
 * counted; a body that is not JSON, or lists no documents and is not of the documented shape, is a protocol error.
 * Hand-written around @streamparser/json because no maintained client reads one JSON member as a stream.
 */
export async function readDocumentStream(
  body: Readable,
  onBatch: (documents: DocumentSummary[]) => Promise<void> | void,
  batchSize = 1_000,
): Promise<DocumentStreamOutcome> {
  const outcome: DocumentStreamOutcome = { read: 0, skipped: 0, firstProblem: null };
  const parser = new JSONParser({ paths: ["$.documents.*"], keepStack: false });
  let pending: DocumentSummary[] = [];
  let parseError: Error | null = null;
  const prefix: Buffer[] = [];
  let prefixBytes = 0;
  let total = 0;
  parser.onValue = ({ value }) => {
    // Checked, then read, in two steps: see ListedDocumentSchema.
    const parsed = ListedDocumentSchema.safeParse(value);
    if (parsed.success) pending.push(listedDocument(parsed.data));
    else {
      outcome.skipped += 1;
      outcome.firstProblem ??= parsed.error.issues[0]?.message ?? "not in the expected form";
    }
  };
  parser.onError = (error) => {
    parseError ??= error;
  };
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    outcome.read += batch.length;
    await onBatch(batch);
  };
  let first = true;
  const chunks = decodingErrorsAsProtocol(body);
  for await (const chunk of chunks) {
    let bytes = chunk;
    // A byte order mark is not JSON, but some servers put one in front of it.
    if (first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    first = false;
    total += bytes.length;
    if (prefixBytes < keptPrefixBytes) {
      prefix.push(bytes);
      prefixBytes += bytes.length;
    }
    if (parseError === null) parser.write(bytes);
    if (parseError !== null) break;
    if (pending.length >= batchSize) await flush();
  }
  // The parser ends by itself after the top-level value; a body cut short leaves it open, and ending it then fails.
  if (parseError === null && !parser.isEnded) parser.end();
  if (parseError !== null) throw protocolError(phrase(messages.notJson), 200);
  await flush();
  if (outcome.read + outcome.skipped === 0) checkEmptyAnswer(Buffer.concat(prefix), total);
  return outcome;
}

/** The body's chunks; a Content-Encoding that fails to decode midway is the service's answer that cannot be read. */
async function* decodingErrorsAsProtocol(body: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of body) yield chunk as Buffer;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("Z_")) throw protocolError(phrase(messages.brokenCompression), 200);
    throw error;
  }
}

/** An answer that listed nothing must still be of the documented shape (a `documents` list, maybe empty). */
function checkEmptyAnswer(start: Buffer, total: number): void {
  const problem = (why: string) => protocolError(phrase(messages.listNotExpected, { why }), 200);
  if (total > start.length) throw problem("it lists no documents");
  let value: unknown;
  try {
    value = JSON.parse(start.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    throw protocolError(phrase(messages.notJson), 200);
  }
  const parsed = AllDocumentsResponseSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw problem(
      issue === undefined
        ? "unknown difference"
        : `${issue.path.map(String).join(".") || "the answer"}: ${issue.message}`,
    );
  }
}
