import { z } from "zod";

export const screenIds = ["templates", "documents", "webhooks", "accounts", "outbox"] as const;
export const ScreenIdSchema = z.enum(screenIds);
export type ScreenId = z.infer<typeof ScreenIdSchema>;
