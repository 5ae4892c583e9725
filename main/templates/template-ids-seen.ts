import type { TemplateUse } from "../../common/document-list";
import type { TemplateRecord } from "../../common/records";
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
export function templateIdsSeen(use: readonly TemplateUse[], templates: readonly TemplateRecord[]): SeenTemplateId[] {
  const listed = new Set(templates.map((template) => template.templateId));
  return use
    .filter((entry) => !listed.has(entry.templateId))
    .map(({ templateId, documentCount, latestName, latestAt }) => ({
      templateId,
      documentCount,
      latestName,
      latestAt,
    }));
}
