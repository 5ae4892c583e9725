import { app, dialog } from "electron";
import { inEnglish } from "../../common/i18n/english";
import { pickLocale } from "../../common/i18n/locales";
import { renderPhrase } from "../../common/i18n/render-phrase";
import { intlForLocale } from "../i18n/main-intl";
import { productName } from "../product-name";
import type { SandboxRefusalWords } from "../sandbox-refusal";
import { dialogMessages } from "./dialog-messages";

/**
 * Says why Signdesk will not run (in a dialog once the app is ready, in the system's language, and on stderr in
 * English for a terminal), then quits. The core never starts: the system's preferred languages decide.
 */
export function refuseToRunUnsandboxed(refusal: SandboxRefusalWords): void {
  console.error(`${inEnglish(refusal.title)}\n\n${inEnglish(refusal.detail)}`);
  void app
    .whenReady()
    .then(async () => {
      const intl = await intlForLocale(pickLocale(app.getPreferredSystemLanguages()));
      return dialog.showMessageBox({
        type: "error",
        title: productName,
        message: renderPhrase(intl, refusal.title),
        detail: renderPhrase(intl, refusal.detail),
        buttons: [intl.formatMessage(dialogMessages.quit)],
      });
    })
    .catch((error: unknown) => console.error("The dialog could not be shown:", error))
    .finally(() => app.quit());
}
