import { app, dialog } from "electron";
import type { SandboxRefusal } from "../sandbox-refusal";

/** Says why Signdesk will not run (in a dialog once the app is ready, and on stderr for a terminal), then quits. */
export function refuseToRunUnsandboxed(refusal: SandboxRefusal): void {
  console.error(`${refusal.title}\n\n${refusal.detail}`);
  void app
    .whenReady()
    .then(() =>
      dialog.showMessageBox({
        type: "error",
        title: "Signdesk",
        message: refusal.title,
        detail: refusal.detail,
        buttons: ["Quit"],
      }),
    )
    .catch((error: unknown) => console.error("The dialog could not be shown:", error))
    .finally(() => app.quit());
}
