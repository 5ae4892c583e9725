import { useEffect } from "react";
import { type ScreenId, screenIds } from "../../common/screens";

/** Ctrl/Cmd + 1..5 switch screens (the Electron menu offers the same accelerators). */
export function useScreenShortcuts(onNavigate: (screen: ScreenId) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const index = Number.parseInt(event.key, 10) - 1;
      const screen = screenIds[index];
      if (screen === undefined) return;
      event.preventDefault();
      onNavigate(screen);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onNavigate]);
}
