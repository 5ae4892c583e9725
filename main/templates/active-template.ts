import type { Core } from "../core-types";
import { HandlerError } from "../handler-error";

/** The active account and its template `templateId` (not found: a HandlerError the window can show). */
export function activeTemplate(core: Core, templateId: string) {
  const account = core.activeAccount();
  const template = core.records.templates
    .all()
    .find((record) => record.accountId === account.id && record.templateId === templateId);
  if (template === undefined)
    throw new HandlerError("not_found", "Signdesk has no record of that template for this account.");
  return { account, template };
}
