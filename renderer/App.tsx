import { useCallback, useEffect, useState } from "react";
import type { SigndeskApi } from "../common/contract";
import type { ScreenId } from "../common/screens";
import { Sidebar } from "./components/Sidebar";
import { StatusBar } from "./components/StatusBar";
import { useAppInfo } from "./hooks/useAppInfo";
import { useScreenShortcuts } from "./hooks/useScreenShortcuts";
import { PlannedScreen } from "./screens/PlannedScreen";

export function App({ bridge }: { bridge: SigndeskApi }) {
  const [screen, setScreen] = useState<ScreenId>("templates");
  /** Bumped by every navigation, so that focus moves even when the screen stays the same. */
  const [navigation, setNavigation] = useState(0);
  const appInfo = useAppInfo(bridge);

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
        <PlannedScreen key={screen} screen={screen} />
      </main>
      <StatusBar state={appInfo} />
    </div>
  );
}
