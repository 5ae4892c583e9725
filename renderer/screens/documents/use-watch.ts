import { useEffect } from "react";
import type { SigndeskApi } from "../../../common/contract";

/** How often a watch is renewed: main lets it lapse after 2 minutes without renewal. */
const renewMs = 60_000;

/**
 * Tells main while this screen is up in a focused window, so that recent unfinished documents are checked often;
 * out of focus or gone, they go back to the usual back-off.
 */
export function useWatchDocuments(bridge: SigndeskApi): void {
  useEffect(() => {
    const watch = (watching: boolean) => void bridge.documentsWatch({ watching }).catch(() => {});
    const onFocus = () => watch(true);
    const onBlur = () => watch(false);
    if (document.hasFocus()) watch(true);
    const timer = setInterval(() => {
      if (document.hasFocus()) watch(true);
    }, renewMs);
    window.addEventListener("focus", onFocus);
    window.addEventListener("blur", onBlur);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("blur", onBlur);
      watch(false);
    };
  }, [bridge]);
}
