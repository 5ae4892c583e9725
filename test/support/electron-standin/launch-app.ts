/**
 * The stand-in's "Electron executable" (run by bin/electron): like Electron, it takes the app's folder or archive as
 * its first argument (or, with none, `resources/app.asar` beside the executable, else `resources/app`, as a packaged
 * app; the asar layer, asar/register.ts, reads the archive as a folder), reads the app's
 * package.json, runs its `main` with `electron` resolved to the stand-in (register.ts), then starts the stand-in's
 * Chromium and emits `ready`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { app } from "./main-process/app.ts";
import { startChromium } from "./main-process/chromium-host.ts";
import { openControlChannel } from "./main-process/control.ts";
import { nativeTheme } from "./main-process/desktop.ts";
import { setLaunchInfo } from "./main-process/launch-info.ts";
import { handlePopup, routeRequest } from "./main-process/page-routing.ts";
import { reportUncaughtErrorsAsElectronDoes } from "./main-process/uncaught-errors.ts";

const PackageJson = z.object({
  name: z.string(),
  productName: z.string().optional(),
  version: z.string(),
  main: z.string().default("index.js"),
});

const [executableArgument = "", ...args] = process.argv.slice(2);
const executable = executableArgument.replace(/^--standin-exe=/, "");
const appArgument = args.find((arg) => !arg.startsWith("-"));
const resources = path.join(path.dirname(executable), "resources");
const packagedApp = existsSync(path.join(resources, "app.asar"))
  ? path.join(resources, "app.asar")
  : path.join(resources, "app");
const isPackaged = appArgument === undefined;
const appPath = path.resolve(appArgument ?? packagedApp);
if (!existsSync(path.join(appPath, "package.json"))) {
  console.error(`Electron stand-in: no app at ${appPath} (give the app's folder, as to electron).`);
  process.exit(1);
}
const manifest = PackageJson.parse(JSON.parse(readFileSync(path.join(appPath, "package.json"), "utf8")));
const userDataDirSwitch = args.find((arg) => arg.startsWith("--user-data-dir="))?.slice("--user-data-dir=".length);

setLaunchInfo({
  executable,
  appPath,
  appName: manifest.productName ?? manifest.name,
  appVersion: manifest.version,
  isPackaged,
  argv: [executable, ...args],
  userDataDirSwitch: userDataDirSwitch === undefined ? null : path.resolve(userDataDirSwitch),
});
process.argv = [executable, ...args];
Object.assign(process, { type: "browser", resourcesPath: path.dirname(appPath) });

// As Electron does on Linux, a termination signal quits the app the way app.quit() does.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.quit());
reportUncaughtErrorsAsElectronDoes();
const control = openControlChannel();
await import(pathToFileURL(path.join(appPath, manifest.main)).href);
const host = await startChromium({ route: routeRequest, popup: handlePopup }, nativeTheme.shouldUseDarkColors);
app.onShutdown(() => host.close());
control.announce(host);
app.markReady();
