import { type Browser, chromium } from "playwright-core";
import { chromiumArgs } from "./chromium-args";
import { chromiumExecutable } from "./requirements";

/** Headless Chromium as this machine allows it: no network chatter, no sandbox when running as root. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  if (executablePath === null) throw new Error("Chromium not found (set CHROMIUM_PATH or install chromium)");
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs() });
}
