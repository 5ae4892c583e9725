import { useCallback, useEffect, useState } from "react";
import type { SigndeskApi } from "../common/contract";
import type { ScreenId } from "../common/screens";
import { Sidebar } from "./components/Sidebar";
import { StatusBar } from "./components/StatusBar";
import { EditorScreen } from "./editor/EditorScreen";
import { useAppInfo } from "./hooks/useAppInfo";
import { useScreenShortcuts } from "./hooks/useScreenShortcuts";
import { AccountsScreen } from "./screens/accounts/AccountsScreen";
import { PlannedScreen } from "./screens/PlannedScreen";
import { TemplatesScreen } from "./screens/templates/TemplatesScreen";
import { WebhooksScreen } from "./screens/webhooks/WebhooksScreen";

export function App({ bridge }: { bridge: SigndeskApi }) {
  const [screen, setScreen] = useState<ScreenId>("templates");
  /** The draft open in the editor (on the Templates screen), if any. */
  const [openDraft, setOpenDraft] = useState<string | null>(null);
  /** Bumped by every navigation, so that focus moves even when the screen stays the same. */
  const [navigation, setNavigation] = useState(0);
  const [appInfo, reloadAppInfo] = useAppInfo(bridge);

  const navigate = useCallback((next: ScreenId) => {
    setScreen(next);
    setNavigation((count) => count + 1);
  }, []);

  // After the new screen is on the page, move focus to its heading so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (navigation > 0) document.getElementById(`${screen}-title`)?.focus();
  }, [screen, navigation]);

  useScreenShortcuts(navigate);
  useEffect(() => bridge.on("app:navigate", ({ screen: next }) => navigate(next)), [bridge, navigate]);

  return (
    <div className="app-shell">
      <Sidebar current={screen} onNavigate={navigate} />
      <main className="content">
        {screen === "templates" && openDraft !== null && (
          <EditorScreen
            key={openDraft}
            bridge={bridge}
            draftId={openDraft}
            onClose={() => {
              setOpenDraft(null);
              navigate("templates");
            }}
          />
        )}
        {screen === "templates" && openDraft === null && <TemplatesScreen bridge={bridge} onOpenDraft={setOpenDraft} />}
        {screen === "webhooks" && <WebhooksScreen bridge={bridge} />}
        {screen === "accounts" && <AccountsScreen bridge={bridge} onActiveAccountChanged={reloadAppInfo} />}
        {screen === "documents" && <PlannedScreen key={screen} screen={screen} />}
      </main>
      <StatusBar state={appInfo} />
    </div>
  );
}
