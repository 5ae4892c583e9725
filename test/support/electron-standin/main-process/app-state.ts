/** Lifecycle facts several stand-in modules need, without importing app.ts (which imports them). */
export const launchState = {
  ready: false,
  quitting: false,
  sandboxEnabled: false,
  /** The process is on its way out (quit done, or app.exit): Chromium is closing. */
  exiting: false,
};
