import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { TemplateRecord } from "../../common/records";
import { withoutVersion } from "../../common/template-versions";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";
import { productName } from "../product-name";
import { templateMessages } from "../templates/active-template";
import { templateIdsSeen } from "../templates/template-ids-seen";

const messages = defineMessages({
  alreadyListed: {
    id: "main.templates.alreadyListed",
    defaultMessage: "{account} already lists this template, as “{name}”.",
  },
});

/** What these handlers use of the core. */
export type TemplateByIdHandlerDeps = Pick<Core, "activeAccount" | "clock" | "records" | "recordsReader">;

/**
 * Templates made outside the app, added by their ID; the IDs the account's documents suggest; and what the
 * list keeps of any template (its name, whether it is listed), which the service never learns.
 */
export function templateByIdHandlers(
  core: TemplateByIdHandlerDeps,
): Pick<HandlerImplementations, "templatesAddById" | "templatesRemove" | "templatesRename" | "templatesSeenIds"> {
  const templatesOf = (accountId: string) =>
    core.records.templates.all().filter((record) => record.accountId === accountId);

  const listed = (templateId: string) => {
    const record = templatesOf(core.activeAccount().id).find((candidate) => candidate.templateId === templateId);
    if (record === undefined)
      throw new HandlerError("not_found", phrase(templateMessages.noRecord, { app: productName }));
    return record;
  };

  return {
    templatesAddById: ({ templateId, name, groups }) => {
      const account = core.activeAccount();
      const known = templatesOf(account.id).find((record) => record.templateId === templateId);
      if (known !== undefined) {
        throw new HandlerError(
          "already_listed",
          phrase(messages.alreadyListed, { account: account.name, name: known.name }),
        );
      }
      const record: TemplateRecord = {
        accountId: account.id,
        templateId,
        name,
        s3Url: "",
        draftId: null,
        groups: groups.map(({ label }) => ({ label })),
        createdAt: new Date(core.clock.now()).toISOString(),
        source: "by-id",
      };
      core.records.templates.setAll([...core.records.templates.all(), record]);
      return record;
    },

    /** Any template, created here or added by ID: Signdesk's list only (the service has no call to delete one). */
    templatesRemove: ({ templateId }) => {
      const record = listed(templateId);
      core.records.templates.setAll(withoutVersion(core.records.templates.all(), record));
      return null;
    },

    templatesRename: ({ templateId, name }) => {
      const record = listed(templateId);
      const renamed = { ...record, name, serviceName: record.serviceName ?? record.name };
      core.records.templates.setAll(
        core.records.templates
          .all()
          .map((candidate) =>
            candidate.accountId === record.accountId && candidate.templateId === templateId ? renamed : candidate,
          ),
      );
      return renamed;
    },

    templatesSeenIds: async () => {
      const account = core.activeAccount();
      return templateIdsSeen(await core.recordsReader.templateUse(account.id), templatesOf(account.id));
    },
  };
}
