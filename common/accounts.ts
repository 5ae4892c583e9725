import { z } from "zod";

export const CoordinateOriginSchema = z.enum(["top-left", "bottom-left"]);

export const AccountSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(80),
  baseUrl: z.string(),
  /** Where the service measures y from (API-NOTES.md: top-left; some services may read bottom-left). */
  coordinateOrigin: CoordinateOriginSchema,
  /** The embedded sandbox account, started by the app itself. */
  kind: z.enum(["sandbox", "service"]),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountInputSchema = z.object({
  name: z.string().trim().min(1, "Give the account a name.").max(80),
  baseUrl: z.string().trim().min(1, "Enter the service's base URL."),
  coordinateOrigin: CoordinateOriginSchema.default("top-left"),
  /** Only when adding, or replacing the key; never read back. */
  apiKey: z.string().trim().min(1).max(4096).optional(),
});
export type AccountInput = z.input<typeof AccountInputSchema>;

export const ConnectionCheckSchema = z.object({
  outcome: z.enum(["ok", "wrong_key", "unreachable", "not_this_service", "no_key"]),
  message: z.string(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheckSchema>;
