import type { DocumentRecord } from "../../../common/records";

/** When each template was last sent: the newest `sentAt` of the account's documents naming it. */
export function lastSentByTemplate(documents: readonly DocumentRecord[]): Map<string, string> {
  const last = new Map<string, string>();
  for (const document of documents) {
    if (document.templateId === null) continue;
    const known = last.get(document.templateId);
    if (known === undefined || (Date.parse(document.sentAt) || 0) > (Date.parse(known) || 0))
      last.set(document.templateId, document.sentAt);
  }
  return last;
}
