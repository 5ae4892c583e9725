import type { DocumentRecord, TemplateRecord } from "../../common/records";
import { type SeenTemplateId, TemplateIdInputSchema } from "../../common/template-by-id";

/**
 * The template ID a listed document names, if it names one. The documented answers of getAllDocuments and
 * getDocumentDetails carry none (API-SPEC.md 2.5, API-NOTES.md), but their unknown members are kept: a service
 * that adds one, under the name createFromTemplate takes (`templateId`) or the one createNewTemplate answers
 * (`template_id`), has it read. Anything else is ignored.
 */
export function templateIdNamedBy(document: Record<string, unknown>): string | null {
  for (const member of ["templateId", "template_id"]) {
    const parsed = TemplateIdInputSchema.safeParse(document[member]);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** The template IDs the documents name that none of the templates has, newest document first. */
export function templateIdsSeen(
  documents: readonly DocumentRecord[],
  templates: readonly TemplateRecord[],
): SeenTemplateId[] {
  const listed = new Set(templates.map((template) => template.templateId));
  const seen = new Map<string, SeenTemplateId>();
  for (const document of documents) {
    const templateId = document.templateId;
    if (templateId === null || listed.has(templateId)) continue;
    const known = seen.get(templateId);
    const newer = known === undefined || document.sentAt > known.latestAt;
    seen.set(templateId, {
      templateId,
      documentCount: (known?.documentCount ?? 0) + 1,
      latestName: newer ? document.name : known.latestName,
      latestAt: newer ? document.sentAt : known.latestAt,
    });
  }
  return [...seen.values()].sort((a, b) => b.latestAt.localeCompare(a.latestAt));
}
