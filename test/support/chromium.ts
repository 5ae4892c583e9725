import { type Browser, chromium } from "playwright-core";
import { chromiumExecutable } from "./requirements";

/** Headless Chromium as this machine allows it: no network chatter, no sandbox when running as root. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  if (executablePath === null) throw new Error("Chromium not found (set CHROMIUM_PATH or install chromium)");
  const runningAsRoot = process.getuid?.() === 0;
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      ...(runningAsRoot ? ["--no-sandbox"] : []),
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      "--disable-gpu",
      "--disable-dev-shm-usage",
    ],
  });
}
