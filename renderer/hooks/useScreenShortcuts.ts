import { useEffect } from "react";
import { type ScreenId, screenIds, screenInfo } from "../../common/screens";

/** Ctrl/Cmd and a screen's digit switch to it (the View menu offers the same accelerators). */
export function useScreenShortcuts(onNavigate: (screen: ScreenId) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const screen = screenIds.find((each) => String(screenInfo[each].shortcutDigit) === event.key);
      if (screen === undefined) return;
      event.preventDefault();
      onNavigate(screen);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onNavigate]);
}
