import { z } from "zod";

export const screenIds = ["templates", "documents", "webhooks", "accounts", "outbox"] as const;
export const ScreenIdSchema = z.enum(screenIds);
export type ScreenId = z.infer<typeof ScreenIdSchema>;

export interface ScreenInfo {
  /** Its name in the sidebar, the View menu and its heading. */
  title: string;
  /** Ctrl (⌘) and this digit opens it, in the menu and the window alike. */
  shortcutDigit: number;
}

/** Each screen's title and shortcut, for the View menu (main) and the sidebar (renderer). */
export const screenInfo: Record<ScreenId, ScreenInfo> = {
  templates: { title: "Templates", shortcutDigit: 1 },
  documents: { title: "Documents", shortcutDigit: 2 },
  webhooks: { title: "Webhooks", shortcutDigit: 3 },
  accounts: { title: "Accounts", shortcutDigit: 4 },
  outbox: { title: "Outbox", shortcutDigit: 5 },
};
