import type { ScreenId } from "../../common/screens";

export interface ScreenInfo {
  title: string;
  shortcutDigit: number;
}

export const screenInfo: Record<ScreenId, ScreenInfo> = {
  templates: { title: "Templates", shortcutDigit: 1 },
  documents: { title: "Documents", shortcutDigit: 2 },
  webhooks: { title: "Webhooks", shortcutDigit: 3 },
  accounts: { title: "Accounts", shortcutDigit: 4 },
  outbox: { title: "Outbox", shortcutDigit: 5 },
};
