import { z } from "zod";
import { PhraseOrTextSchema } from "./i18n/phrase";

/*
 * Updates (main/updates/): electron-updater reads the feed named in electron-builder.yml's `publish` (written into the
 * installed app's resources/app-update.yml); these are the rules around it, told to the window as they are.
 */

/** The first check waits this long after the start, so that it never competes with the window's first paint. */
export const firstUpdateCheckDelayMs = 30_000;
/** Later checks, while the app stays open. */
export const updateCheckIntervalMs = 4 * 60 * 60 * 1000;
/** How often a "Restart now" asked while sending looks again whether the sending is done. */
export const restartWaitPollMs = 1_000;
/** Where a copy that cannot update itself (a deb installed by a package manager) gets the newest version. */
export const downloadPageUrl = "https://signdesk.app/download";

/** Why this copy does not update itself. */
export const UpdateUnavailableReasonSchema = z.enum([
  /** Run from the source tree (npm start): there is no installed copy to replace. */
  "development",
  /** Installed by a package manager (deb): updates come from it, or from the download page. */
  "package_manager",
]);
export type UpdateUnavailableReason = z.infer<typeof UpdateUnavailableReasonSchema>;

const Version = z.string().min(1).max(100);
const When = z.number().int().nonnegative();

export const UpdateStatusSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("unavailable"), reason: UpdateUnavailableReasonSchema }),
  /** Up to date as of `checkedAt` (null: not checked yet since the start). */
  z.object({ kind: z.literal("idle"), checkedAt: When.nullable() }),
  z.object({ kind: z.literal("checking") }),
  z.object({
    kind: z.literal("downloading"),
    next: Version,
    /** 0–100. */
    percent: z.number().min(0).max(100),
  }),
  /**
   * Downloaded and verified; installed when Signdesk quits, or at "Restart now". `waitingForSending`: the restart was
   * asked while documents were going out, and happens when they are done.
   */
  z.object({ kind: z.literal("ready"), next: Version, waitingForSending: z.boolean() }),
  /** `message`: what failed, a phrase in the window's language (or the service's own words). */
  z.object({ kind: z.literal("failed"), message: PhraseOrTextSchema, checkedAt: When }),
]);
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;

export const UpdateStateSchema = z.object({ current: Version, status: UpdateStatusSchema });
export type UpdateState = z.infer<typeof UpdateStateSchema>;
