import type { SigndeskApi } from "../common/contract";

declare global {
  interface Window {
    /** Exposed by the preload (or the test harness); absent when the page is opened elsewhere. */
    readonly signdesk?: SigndeskApi;
  }
}

export function getBridge(): SigndeskApi | null {
  return window.signdesk ?? null;
}
