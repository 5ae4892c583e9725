import { z } from "zod";

/** How the Documents list can be sorted. */
export const DocumentSortSchema = z.enum(["newest", "name", "status"]);
export type DocumentSort = z.infer<typeof DocumentSortSchema>;

/** The most rows one page of the Documents list may hold. */
export const documentPageMaxRows = 500;

/** One page of the Documents list: filtered, searched and sorted by the records database. */
export const DocumentListQuerySchema = z.object({
  /** Words matched against the name and the recipients' names and e-mail addresses (each word from its start). */
  search: z.string().max(500).default(""),
  /** One status, or null for all. */
  status: z.string().max(500).nullable().default(null),
  sort: DocumentSortSchema.default("newest"),
  /** Only the documents one bulk batch sent, or null for all. */
  batchId: z.string().min(1).max(200).nullable().default(null),
  offset: z.number().int().min(0).max(100_000_000).default(0),
  limit: z.number().int().min(1).max(documentPageMaxRows).default(100),
});
export type DocumentListQuery = z.output<typeof DocumentListQuerySchema>;
export type DocumentListQueryInput = z.input<typeof DocumentListQuerySchema>;

/** How a template was used: its documents, and the newest one's time and name (the service's when known). */
export const TemplateUseSchema = z.object({
  templateId: z.string(),
  documentCount: z.number(),
  latestAt: z.string(),
  latestName: z.string(),
});
export type TemplateUse = z.infer<typeof TemplateUseSchema>;
