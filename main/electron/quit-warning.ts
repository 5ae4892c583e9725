import { type App, type BrowserWindow, dialog } from "electron";

/**
 * Quitting while the outbox holds items not sent yet says how many will wait for the next start (they are in the
 * records database and go out then), and lets the person stay. Asked once per quit: "Quit" quits.
 */
export function warnOfWaitingItemsOnQuit(
  app: App,
  getWindow: () => BrowserWindow | null,
  waitingCount: () => number,
): void {
  let confirmed = false;
  app.on("before-quit", (event) => {
    if (confirmed) return;
    const waiting = waitingCount();
    if (waiting === 0) return;
    event.preventDefault();
    const options = {
      type: "info" as const,
      title: "Signdesk",
      message: `${waiting} item${waiting === 1 ? " has" : "s have"} not been sent yet`,
      detail: `${waiting === 1 ? "It waits" : "They wait"} in the Outbox and will be sent the next time Signdesk starts and the service can be reached.`,
      buttons: ["Quit", "Stay"],
      defaultId: 0,
      cancelId: 1,
      noLink: true,
    };
    const window = getWindow();
    void (window === null ? dialog.showMessageBox(options) : dialog.showMessageBox(window, options)).then(
      ({ response }) => {
        if (response !== 0) return;
        confirmed = true;
        app.quit();
      },
    );
  });
}
