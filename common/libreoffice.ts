import { z } from "zod";

/** An absolute path on any platform: `/…`, `C:\…` (or `C:/…`), or a UNC path `\\server\share\…`. */
export function isAbsolutePath(value: string): boolean {
  return value.startsWith("/") || /^[A-Za-z]:[\\/]/.test(value) || /^\\\\[^\\]/.test(value);
}

/** LibreOffice's program as set on the Accounts screen: an absolute path of at most 4096 characters. */
export const ProgramPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine(isAbsolutePath, { error: "must be an absolute path (starting with / or a drive letter such as C:\\)" })
  .refine((value) => !value.includes("\0"), { error: "must not contain a NUL character" });

/** Which LibreOffice converts Word documents to PDF, and how it was found. */
export const LibreOfficeStatusSchema = z.object({
  /** The program used, or null when it was found nowhere. */
  path: z.string().nullable(),
  /** "setting": the path set on the Accounts screen; "environment": SOFFICE_PATH; "search": a usual place. */
  source: z.enum(["setting", "environment", "search"]).nullable(),
  /** The path set on the Accounts screen, if any (it is not used while its file is missing). */
  configured: z.string().nullable(),
  /** Where Signdesk looks on this platform, in words. */
  places: z.string(),
  /** Where to get LibreOffice. */
  download: z.string(),
});
export type LibreOfficeStatus = z.infer<typeof LibreOfficeStatusSchema>;
