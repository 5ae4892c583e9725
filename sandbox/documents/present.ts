import type { SandboxContext } from "../context";
import type { SignedDocument } from "../state/schema";
import { downloadUrl } from "./download-urls";

/** A document as getDocumentDetails answers it. */
export function documentDetails(context: SandboxContext, document: SignedDocument) {
  return {
    id: document.id,
    name: document.name,
    status: document.status,
    recipients: document.recipients.map(({ name, email }) => ({ name, email })),
    finalUrl: document.final === null ? null : downloadUrl(context, document.id),
  };
}

/**
 * A document as getAllDocuments lists it. As the service's reference describes it, `publicUrl` is a presigned link
 * to the document, there before anyone signs: it does not mean a final PDF (only getDocumentDetails' `finalUrl` does).
 */
export function documentSummary(context: SandboxContext, document: SignedDocument) {
  const { finalUrl: _final, ...rest } = documentDetails(context, document);
  return { ...rest, publicUrl: downloadUrl(context, document.id, "view") };
}
