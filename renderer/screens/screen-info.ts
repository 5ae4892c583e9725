import type { ScreenId } from "../../common/screens";

export interface ScreenInfo {
  title: string;
  shortcutDigit: number;
  summary: string;
}

export const screenInfo: Record<ScreenId, ScreenInfo> = {
  templates: {
    title: "Templates",
    shortcutDigit: 1,
    summary:
      "Your offline drafts and the templates created from them. Open a PDF or Word file, place signature, initials, text, date and checkbox fields on its pages, and create a template.",
  },
  documents: {
    title: "Documents",
    shortcutDigit: 2,
    summary:
      "Every document you have sent, with its recipients and live status. Finished documents download as a signed PDF in one click.",
  },
  webhooks: {
    title: "Webhooks",
    shortcutDigit: 3,
    summary: "Endpoints that the service notifies when a recipient signs a document or when its final PDF is ready.",
  },
  accounts: {
    title: "Accounts",
    shortcutDigit: 4,
    summary:
      "The services Signdesk talks to. API keys are kept in your system keychain, never in files. The built-in sandbox lets you try everything offline.",
  },
};
