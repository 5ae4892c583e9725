import type { ArgsOf, ResultOf } from "../../common/contract";
import { safeFileName } from "../../common/file-names";
import type { TemplateRecord } from "../../common/records";
import { supersedeByNewVersion } from "../../common/template-versions";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import {
  createDocumentOnce,
  newDocumentRecord,
  onlyOnce,
  trackNewDocument,
  whatHappened,
} from "../documents/send-document";
import { HandlerError } from "../handler-error";
import { ServiceError } from "../service/service-error";
import { checkSendRecipients, draftToWireFields } from "../templates/draft-to-wire";

export function templateHandlers(core: Core): Pick<HandlerImplementations, "templatesList" | "templatesCreate"> {
  return {
    templatesList: () => {
      const account = core.activeAccount();
      return core.records.templates.all().filter((record) => record.accountId === account.id);
    },

    /** Uploads the draft's own PDF with its fields (and sends it when recipients are given); the draft stays. */
    templatesCreate: ({ draftId, ...rest }) =>
      onlyOnce(core, `template ${draftId}`, "This draft is being uploaded already: wait for the answer.", () =>
        createTemplate({ draftId, ...rest }),
      ),
  };

  async function createTemplate({
    draftId,
    transferId,
    autoReleaseSignatures,
    send,
  }: ArgsOf<"templatesCreate">): Promise<ResultOf<"templatesCreate">> {
    const account = core.activeAccount();
    const draft = await core.drafts.open(draftId);
    const fields = draftToWireFields(draft, account.coordinateOrigin);
    if (send !== undefined) checkSendRecipients(send.recipients, draft.groups.length);
    const client = core.clientFor(account);
    const input = {
      file: core.drafts.pdfPath(draftId),
      fileName: safeFileName(draft.name, { suffix: ".pdf", fallback: "Document" }),
      templateName: draft.name,
      fields,
      autoReleaseSignatures,
      ...(send?.emailSubject === undefined ? {} : { emailSubject: send.emailSubject }),
    };
    const onProgress = (done: number, total: number) =>
      core.emit("transfer:progress", { transferId, kind: "upload", done, total });
    const at = () => new Date(core.now()).toISOString();
    const templateRecord = (templateId: string, s3Url: string): TemplateRecord => ({
      accountId: account.id,
      templateId,
      name: draft.name,
      s3Url,
      draftId,
      groups: draft.groups.map((group) => ({ label: group.label })),
      createdAt: at(),
    });
    // A draft's new template supersedes the one it made before (New version from its draft).
    const remember = (record: TemplateRecord) =>
      core.records.templates.setAll(supersedeByNewVersion(core.records.templates.all(), record));

    if (send === undefined) {
      const created = await client.createNewTemplate(input, { onProgress }).catch((error: unknown) => {
        // The service has no list of templates (API-SPEC.md): nothing to check against, so say so.
        if (!(error instanceof ServiceError) || error.category !== "outcome_unknown") throw error;
        throw new HandlerError(
          "outcome_unknown",
          `Unknown whether the template was created: ${whatHappened(error)} The service offers no list of templates to check, so Signdesk did not upload it again, and nobody was e-mailed. Creating it again may leave two copies of the template on the service.`,
        );
      });
      const template = templateRecord(created.template_id, created.s3_url ?? "");
      remember(template);
      return { template, document: null };
    }
    const made: { template: TemplateRecord | null } = { template: null };
    const onChecking = (done: number, total: number) =>
      core.emit("transfer:progress", { transferId, kind: "checking", done, total });
    const document = await createDocumentOnce(
      core,
      account,
      { name: draft.name, templateId: null, recipients: send.recipients },
      async () => {
        const created = await client.createNewTemplate({ ...input, recipients: send.recipients }, { onProgress });
        made.template = templateRecord(created.template_id, created.s3_url ?? "");
        remember(made.template);
        return trackNewDocument(
          core,
          newDocumentRecord(account, created.pdf_id, draft.name, created.template_id, send.recipients, at()),
        );
      },
      { onChecking, key: `send draft ${draftId}` },
    );
    if (made.template !== null) return { template: made.template, document };
    // The answer was lost and the document found by checking: the template is known when the listing names it.
    if (document.templateId !== null) {
      const found = templateRecord(document.templateId, "");
      remember(found);
      return { template: found, document };
    }
    return {
      template: templateRecord("", ""),
      document,
      notice:
        "The service's answer was lost, so Signdesk does not know the new template's ID and does not list it. " +
        "The document was found and is tracked. To send this template again, add it by its ID on the Templates screen.",
    };
  }
}
