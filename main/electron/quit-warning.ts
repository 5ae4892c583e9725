import { type App, type BrowserWindow, dialog } from "electron";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { productName } from "../product-name";
import { dialogMessages } from "./dialog-messages";

/**
 * Quitting while the outbox holds items not sent yet says how many will wait for the next start (they are in the
 * records database and go out then), and lets the person stay. Asked once per quit: "Quit" quits.
 */
export function warnOfWaitingItemsOnQuit(
  app: App,
  getWindow: () => BrowserWindow | null,
  waitingCount: () => number,
  /** Main's words in the language chosen now. */
  render: (words: Phrase) => string,
): void {
  let confirmed = false;
  app.on("before-quit", (event) => {
    if (confirmed) return;
    const waiting = waitingCount();
    if (waiting === 0) return;
    event.preventDefault();
    const options = {
      type: "info" as const,
      title: productName,
      message: render(phrase(dialogMessages.itemsWaiting, { count: waiting })),
      detail: render(phrase(dialogMessages.itemsWaitingDetail, { count: waiting, app: productName })),
      buttons: [render(phrase(dialogMessages.quit)), render(phrase(dialogMessages.stay))],
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
