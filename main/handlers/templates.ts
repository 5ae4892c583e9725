import { safeFileName } from "../../common/file-names";
import type { TemplateRecord } from "../../common/records";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { createDocumentOnce, newDocumentRecord, trackNewDocument } from "../documents/send-document";
import { checkSendRecipients, draftToWireFields } from "../templates/draft-to-wire";

export function templateHandlers(core: Core): Pick<HandlerImplementations, "templatesList" | "templatesCreate"> {
  return {
    templatesList: () => {
      const account = core.activeAccount();
      return core.settings.get("templates").filter((record) => record.accountId === account.id);
    },

    /** Uploads the draft's own PDF with its fields (and sends it when recipients are given); the draft stays. */
    templatesCreate: async ({ draftId, transferId, autoReleaseSignatures, send }) => {
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
      const remember = (record: TemplateRecord) =>
        core.settings.update({ templates: [...core.settings.get("templates"), record] });

      if (send === undefined) {
        const created = await client.createNewTemplate(input, { onProgress });
        const template = templateRecord(created.template_id, created.s3_url ?? "");
        remember(template);
        return { template, document: null };
      }
      let template: TemplateRecord | null = null;
      const document = await createDocumentOnce(
        core,
        account,
        { name: draft.name, templateId: null, recipients: send.recipients },
        async () => {
          const created = await client.createNewTemplate({ ...input, recipients: send.recipients }, { onProgress });
          template = templateRecord(created.template_id, created.s3_url ?? "");
          remember(template);
          return trackNewDocument(
            core,
            newDocumentRecord(account, created.pdf_id, draft.name, created.template_id, send.recipients, at()),
          );
        },
      );
      return { template: template ?? templateRecord("unknown", ""), document };
    },
  };
}
