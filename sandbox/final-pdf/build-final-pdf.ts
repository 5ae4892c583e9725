import type { FileHandle } from "node:fs/promises";
import { concat } from "../../node-shared/pdf/incremental/incremental-update";
import { openForUpdate } from "../../node-shared/pdf/incremental/open-for-update";
import { OriginalPdf } from "../../node-shared/pdf/original-pdf";
import { type AuditTrail, drawAuditTrail } from "./audit-page";
import type { SealCertificate } from "./seal/sandbox-certificate";
import { addSealField, signSealField } from "./seal-field";
import { createImageCache, parseStamp, type StampedField, type StampResources, stampField } from "./stamp-field";
import { TextPainter } from "./text/text-painter";

export type { AuditSigner, AuditTrail } from "./audit-page";
export type { StampedField } from "./stamp-field";

export interface FinalPdf {
  /** The original, which the final PDF starts with. */
  original: OriginalPdf;
  /** The updates that follow the original in the final PDF. */
  updates: readonly Uint8Array[];
  /** The whole file joined (made on first use, for small files: a final PDF can be large). */
  readonly bytes: Uint8Array;
  length: number;
  /** SHA-256 (lowercase hex) of the whole final PDF. */
  sha256: string;
  /**
   * SHA-256 (lowercase hex) of the stamped document without the audit trail. That document is the first bytes of
   * the file (the audit trail is an incremental update), and its length is printed in the audit trail.
   */
  signedContentSha256: string;
  /** Length of that stamped document, a byte prefix of the file. */
  signedContentLength: number;
  /** Writes the whole file to `handle`, the original read from its file where it was left unread. */
  writeTo(handle: FileHandle): Promise<void>;
}

/**
 * The final PDF of a completed document: the original's exact bytes, then three incremental updates — every
 * field's value stamped into its box, upright as each page is displayed (API-NOTES.md, "Numbering and
 * coordinates"); the audit trail on as many pages as it needs; a PAdES seal over the whole file. Signatures the
 * original carries stay valid: they cover a prefix that is never changed.
 * Throws an Error naming the field when a field's value, type or page is wrong; nothing is returned then.
 * The original may be bytes in memory, or read from its file with its large streams' data left there.
 */
export async function buildFinalPdf(
  originalFile: Uint8Array | OriginalPdf,
  fields: StampedField[],
  audit: AuditTrail,
  seal: SealCertificate,
): Promise<FinalPdf> {
  const original = originalFile instanceof OriginalPdf ? originalFile : OriginalPdf.ofBytes(originalFile);
  const { doc, writer, isolate } = await openForUpdate(original);
  const pages = doc.getPages();
  const planned = fields.map((field) => ({ field, stamp: parseStamp(field, pages.length) }));

  const resources: StampResources = { painter: new TextPainter(doc), image: createImageCache(doc) };
  for (const { field, stamp } of planned) {
    const page = pages[field.page - 1];
    if (page === undefined) throw new Error(`Field "${field.id}": page ${field.page} is not in the document.`);
    isolate(page);
    await stampField(page, field, stamp, resources);
  }
  await resources.painter.embed();
  const signedContentLength = (await writer.commit()).length;
  const signedContentSha256 = writer.sha256();

  const auditPainter = new TextPainter(doc);
  await drawAuditTrail(doc, auditPainter, audit, {
    sha256: signedContentSha256,
    byteLength: signedContentLength,
    sealFingerprint: seal.fingerprintSha256,
  });
  await auditPainter.embed();
  await writer.commit();

  const lastPage = doc.getPage(doc.getPageCount() - 1);
  const signature = addSealField(doc, lastPage, seal, new Date(audit.finalizedAt));
  const { offsets } = await writer.commit();
  const at = offsets.get(signature.objectNumber);
  if (at === undefined) throw new Error("The seal's signature dictionary was not written.");
  const { updates } = writer;
  const length = original.length + updates.reduce((total, update) => total + update.length, 0);
  signSealField({ before: writer.hashBeforeLastUpdate(), last: updates.at(-1) as Uint8Array, length }, at, seal);
  let joined: Uint8Array | undefined;
  return {
    original,
    updates,
    get bytes() {
      joined ??= concat([original.whole(), ...updates]);
      return joined;
    },
    length,
    sha256: writer.sha256(),
    signedContentSha256,
    signedContentLength,
    async writeTo(handle) {
      await original.writeTo(handle);
      for (const update of updates) await handle.write(update);
    },
  };
}
