import type { Page } from "playwright-core";

/** The stand-in's open windows, kept apart from browser-window.ts so that app.ts can reach them without a cycle. */
export interface RegisteredWindow {
  readonly id: number;
  readonly page: Page | null;
  focus(): void;
  /** Electron's close for quitting: false when the window's "close" was prevented. */
  closeForQuit(): Promise<boolean>;
}

const windows: RegisteredWindow[] = [];

export function registerWindow(window: RegisteredWindow): void {
  windows.push(window);
}

export function unregisterWindow(window: RegisteredWindow): number {
  const index = windows.indexOf(window);
  if (index >= 0) windows.splice(index, 1);
  return windows.length;
}

export function allWindows(): readonly RegisteredWindow[] {
  return windows;
}

export function windowOfPage(page: Page): RegisteredWindow | undefined {
  return windows.find((window) => window.page === page);
}

export async function closeAllWindowsForQuit(): Promise<boolean> {
  for (const window of [...windows]) {
    if (!(await window.closeForQuit())) return false;
  }
  return true;
}
