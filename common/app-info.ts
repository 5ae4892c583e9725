import { z } from "zod";
import { PhraseOrTextSchema } from "./i18n/phrase";

/** What the window learns of the app at start (app:info). */
export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  /** null when the handlers run outside Electron (the Chromium test harness). */
  electronVersion: z.string().nullable(),
  activeAccount: z.object({ name: z.string(), baseUrl: z.string() }).nullable(),
  /** What was wrong with stored data at start (each file was set aside or salvaged), in words for the person. */
  notices: z.array(PhraseOrTextSchema),
  /** Set when Signdesk could not start: what failed, and the folder whose data `app:recover` sets aside. */
  startupFailure: z.object({ message: z.string(), dataFolder: z.string() }).nullable(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;
