import { dialog } from "./desktop.ts";

/**
 * As Electron's main process (lib/browser/init.ts): an uncaught exception, an unhandled rejection included (Node's
 * default turns one into an uncaught exception), does not end the process; unless the app listens for
 * `uncaughtException` itself, it becomes an error box (here recorded, and logged) titled as Electron titles it.
 */
export function reportUncaughtErrorsAsElectronDoes(): void {
  process.on("uncaughtException", (error) => {
    if (process.listenerCount("uncaughtException") > 1) return;
    const stack = error.stack ?? `${error.name}: ${error.message}`;
    dialog.showErrorBox("A JavaScript error occurred in the main process", `Uncaught Exception:\n${stack}`);
  });
}
