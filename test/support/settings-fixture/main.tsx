/**
 * Test page for the Webhooks and Accounts screens (the app's shell does not show them yet).
 * Query string: `screen=webhooks` or `screen=accounts`. The page counts AccountsScreen's
 * onActiveAccountChanged calls in `window.__settingsFixture`.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { getBridge } from "../../../renderer/bridge";
import { MissingBridge } from "../../../renderer/components/MissingBridge";
import { LocaleRoot } from "../../../renderer/i18n/LocaleRoot";
import { bridgeLocale, browserLocale } from "../../../renderer/i18n/locale-sources";
import { AccountsScreen } from "../../../renderer/screens/accounts/AccountsScreen";
import { WebhooksScreen } from "../../../renderer/screens/webhooks/WebhooksScreen";
import "../../../renderer/styles.css";

export interface SettingsFixtureReport {
  activeAccountChanges: number;
}

declare global {
  interface Window {
    __settingsFixture?: SettingsFixtureReport;
  }
}

const report: SettingsFixtureReport = { activeAccountChanges: 0 };
window.__settingsFixture = report;

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root element");

const screen = new URLSearchParams(window.location.search).get("screen");
const bridge = getBridge();

function Screen() {
  if (bridge === null) return <MissingBridge />;
  if (screen === "webhooks") return <WebhooksScreen bridge={bridge} />;
  if (screen === "accounts") {
    return (
      <AccountsScreen
        bridge={bridge}
        onActiveAccountChanged={() => {
          report.activeAccountChanges += 1;
        }}
      />
    );
  }
  return <p role="alert">Unknown screen: {String(screen)} (use ?screen=webhooks or ?screen=accounts).</p>;
}

createRoot(container).render(
  // In the language main keeps, as the app shows it (renderer/main.tsx).
  <StrictMode>
    <LocaleRoot source={bridge === null ? browserLocale : bridgeLocale(bridge)}>
      <main className="content fixture-content">
        <Screen />
      </main>
    </LocaleRoot>
  </StrictMode>,
);
