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
  const appInfo = useAppInfo(bridge);

  const navigate = useCallback((next: ScreenId) => {
    setScreen(next);
    // Move focus to the new screen's heading so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => document.getElementById(`${next}-title`)?.focus());
  }, []);

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
