import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { Core } from "../core-types";
import { HandlerError } from "../handler-error";
import { productName } from "../product-name";

export const templateMessages = defineMessages({
  noRecord: {
    id: "main.templates.noRecord",
    defaultMessage: "{app} has no record of that template for this account.",
  },
});

/** What this uses of the core. */
export type ActiveTemplateDeps = Pick<Core, "activeAccount" | "records">;

/** The active account and its template `templateId` (not found: a HandlerError the window can show). */
export function activeTemplate(core: ActiveTemplateDeps, templateId: string) {
  const account = core.activeAccount();
  const template = core.records.templates
    .all()
    .find((record) => record.accountId === account.id && record.templateId === templateId);
  if (template === undefined)
    throw new HandlerError("not_found", phrase(templateMessages.noRecord, { app: productName }));
  return { account, template };
}
