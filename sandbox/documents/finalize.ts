import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SandboxContext } from "../context";
import type { StampedField } from "../final-pdf/build-final-pdf";
import { buildFinalPdfOffThread } from "../final-pdf/final-pdf-job";
import { writeFileAtomic } from "../state/atomic-write";
import type { SignedDocument, Template } from "../state/schema";
import { downloadUrl } from "./download-urls";
import { fieldValue } from "./field-values";
import { sealFolderOf } from "./finalize-trial";

/**
 * Produces the final PDF of a fully signed document (every value stamped in its box, plus the audit
 * page), stores it, and queues `document.finalized`. The caller saves the store and kicks webhooks.
 */
export async function finalizeDocument(
  context: SandboxContext,
  document: SignedDocument,
  template: Template,
): Promise<void> {
  const original = await readFile(context.store.filePath(template.file));
  const fields: StampedField[] = document.recipients.flatMap((recipient) =>
    (template.groups[recipient.group - 1] ?? []).flatMap((field) => {
      const value = fieldValue(recipient.values, field.id);
      return value === undefined
        ? []
        : [{ id: field.id, type: field.type, page: field.page, x: field.x, y: field.y, value }];
    }),
  );
  const finalizedAt = new Date(context.now()).toISOString();
  const final = await buildFinalPdfOffThread({
    original: new Uint8Array(original),
    fields,
    audit: {
      documentId: document.id,
      documentName: document.name,
      createdAt: document.createdAt,
      finalizedAt,
      signers: document.recipients.map((recipient) => ({
        name: recipient.name,
        email: recipient.email,
        signedAt: recipient.actedAt ?? finalizedAt,
        ipAddress: recipient.ipAddress ?? "unknown",
      })),
      originalSha256: template.sha256,
    },
    sealFolder: await sealFolderOf(context),
  });
  const relative = path.join("files", "final", `${document.id}.pdf`);
  await mkdir(context.store.filePath(path.dirname(relative)), { recursive: true });
  await writeFileAtomic(context.store.filePath(relative), final.bytes);
  document.final = {
    file: relative,
    finalizedAt,
    sha256: createHash("sha256").update(final.bytes).digest("hex"),
    signedContentSha256: final.signedContentSha256,
  };
  context.webhooks.enqueue(document.userId, document.id, "document.finalized", {
    pdf_id: document.id,
    final_pdf_url: downloadUrl(context, document.id),
  });
}
