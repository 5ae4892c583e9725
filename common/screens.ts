import { z } from "zod";

export const screenIds = ["templates", "documents", "webhooks", "accounts", "outbox"] as const;
export const ScreenIdSchema = z.enum(screenIds);
export type ScreenId = z.infer<typeof ScreenIdSchema>;

export interface ScreenInfo {
  /** Ctrl (⌘) and this digit opens it, in the menu and the window alike. */
  shortcutDigit: number;
}

/** Each screen's shortcut, for the View menu (main) and the sidebar (renderer); its title is in screen-titles.ts. */
export const screenInfo: Record<ScreenId, ScreenInfo> = {
  templates: { shortcutDigit: 1 },
  documents: { shortcutDigit: 2 },
  webhooks: { shortcutDigit: 3 },
  accounts: { shortcutDigit: 4 },
  outbox: { shortcutDigit: 5 },
};
