import type { TemplateRecord } from "../../common/records";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";
import { templateIdsSeen } from "../templates/template-ids-seen";

/** Templates made outside the app, added by their ID; and the IDs the account's documents suggest. */
export function templateByIdHandlers(
  core: Core,
): Pick<HandlerImplementations, "templatesAddById" | "templatesRemove" | "templatesSeenIds"> {
  const templatesOf = (accountId: string) =>
    core.settings.get("templates").filter((record) => record.accountId === accountId);

  return {
    templatesAddById: ({ templateId, name, groups }) => {
      const account = core.activeAccount();
      const known = templatesOf(account.id).find((record) => record.templateId === templateId);
      if (known !== undefined) {
        throw new HandlerError("already_listed", `${account.name} already lists this template, as “${known.name}”.`);
      }
      const record: TemplateRecord = {
        accountId: account.id,
        templateId,
        name,
        s3Url: "",
        draftId: null,
        groups: groups.map(({ label }) => ({ label })),
        createdAt: new Date(core.now()).toISOString(),
        source: "by-id",
      };
      core.settings.update({ templates: [...core.settings.get("templates"), record] });
      return record;
    },

    templatesRemove: ({ templateId }) => {
      const account = core.activeAccount();
      const record = templatesOf(account.id).find((candidate) => candidate.templateId === templateId);
      if (record === undefined)
        throw new HandlerError("not_found", "Signdesk has no record of that template for this account.");
      if (record.source !== "by-id") {
        throw new HandlerError(
          "invalid_argument",
          `“${record.name}” was created in Signdesk; only templates added by their ID can be removed.`,
        );
      }
      core.settings.update({
        templates: core.settings
          .get("templates")
          .filter((candidate) => !(candidate.accountId === account.id && candidate.templateId === templateId)),
      });
      return null;
    },

    templatesSeenIds: () => {
      const account = core.activeAccount();
      return templateIdsSeen(core.index.all(account.id), templatesOf(account.id));
    },
  };
}
