import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { SandboxContext } from "../context";
import type { StampedField } from "../final-pdf/build-final-pdf";
import { buildFinalPdfOffThread } from "../final-pdf/final-pdf-job";
import type { SignedDocument, Template } from "../state/schema";
import { downloadUrl } from "./download-urls";
import { fieldValue } from "./field-values";
import { sealFolderOf } from "./finalize-trial";

export type FinalRecord = NonNullable<SignedDocument["final"]>;

/**
 * Makes and stores the final PDF of a fully signed document (every value stamped in its box, plus the audit
 * pages and the seal) and answers its record, changing nothing else: the caller applies it with `applyFinal`
 * in the same turn as the change that completes the document, so no request ever sees one without the other.
 */
export async function makeFinalPdf(
  context: SandboxContext,
  document: SignedDocument,
  template: Template,
): Promise<FinalRecord> {
  const fields: StampedField[] = document.recipients.flatMap((recipient) =>
    (template.groups[recipient.group - 1] ?? []).flatMap((field) => {
      const value = fieldValue(recipient.values, field.id);
      return value === undefined
        ? []
        : [{ id: field.id, type: field.type, page: field.page, x: field.x, y: field.y, value }];
    }),
  );
  const finalizedAt = new Date(context.now()).toISOString();
  const relative = path.join("files", "final", `${document.id}.pdf`);
  await mkdir(context.store.filePath(path.dirname(relative)), { recursive: true });
  const final = await buildFinalPdfOffThread({
    originalFile: context.store.filePath(template.file),
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
    outputFile: context.store.filePath(relative),
  });
  return { file: relative, finalizedAt, sha256: final.sha256, signedContentSha256: final.signedContentSha256 };
}

/** Records the final PDF on its document and queues `document.finalized`. The caller saves and kicks webhooks. */
export function applyFinal(context: SandboxContext, document: SignedDocument, final: FinalRecord): void {
  document.final = final;
  context.webhooks.enqueue(document.userId, document.id, "document.finalized", {
    pdf_id: document.id,
    final_pdf_url: downloadUrl(context, document.id),
  });
}
