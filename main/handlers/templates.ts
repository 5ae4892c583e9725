import type { ArgsOf, ResultOf } from "../../common/contract";
import { safeFileName } from "../../common/file-names";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { TemplateRecord } from "../../common/records";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { onlyOnce } from "../documents/send-document";
import { checkSendRecipients, draftToWireFields } from "../templates/draft-to-wire";
import { uploadablePdf } from "../templates/uploadable-pdf";

const messages = defineMessages({
  answerLost: {
    id: "main.templates.answerLost",
    defaultMessage:
      "The service's answer was lost, so Signdesk does not know the new template's ID and does not list it. The document was found and is tracked. To send this template again, add it by its ID on the Templates screen.",
  },
  uploadingAlready: {
    id: "main.templates.uploadingAlready",
    defaultMessage: "This draft is being uploaded already: wait for the answer.",
  },
});

/** What these handlers use of the core. */
export type TemplateHandlerDeps = Pick<
  Core,
  "activeAccount" | "clock" | "drafts" | "emit" | "outbox" | "records" | "scratchDir"
>;

export function templateHandlers(
  core: TemplateHandlerDeps,
): Pick<HandlerImplementations, "templatesList" | "templatesCreate"> {
  return {
    templatesList: () => {
      const account = core.activeAccount();
      return core.records.templates.all().filter((record) => record.accountId === account.id);
    },

    /**
     * Uploads the draft's own PDF with its fields (and sends it when recipients are given), through the outbox; the
     * draft stays. A service that cannot be reached leaves it queued (error code "queued").
     */
    templatesCreate: ({ draftId, ...rest }) =>
      onlyOnce(core, `template ${draftId}`, phrase(messages.uploadingAlready), () =>
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
    if (send !== undefined)
      checkSendRecipients(
        send.recipients,
        draft.groups.map((group) => group.label),
      );
    const upload = {
      draftId,
      templateName: draft.name,
      fileName: safeFileName(draft.name, { suffix: ".pdf", fallback: "Document" }),
      fields,
      groups: draft.groups.map((group) => group.label),
      autoReleaseSignatures,
    };
    // Text tags the fields were placed from are painted over in the copy uploaded (uploadable-pdf.ts).
    const pdf = await uploadablePdf(draft, core.drafts.pdfPath(draftId), core.scratchDir);
    // Journalled with its own copy of the PDF before anything is sent: later edits to the draft do not change it.
    const item = await core.outbox
      .enqueue({
        forPerson: true,
        account,
        title: draft.name,
        pdf: pdf.file,
        item:
          send === undefined
            ? { kind: "createTemplate", request: upload }
            : {
                kind: "createAndSend",
                request: {
                  ...upload,
                  recipients: send.recipients,
                  ...(send.emailSubject === undefined ? {} : { emailSubject: send.emailSubject }),
                },
              },
      })
      .finally(pdf.dispose);
    const { recorded } = await core.outbox.sendNow(item.itemId, {
      onUpload: (done, total) => core.emit("transfer:progress", { transferId, kind: "upload", done, total }),
      onChecking: (done, total) => core.emit("transfer:progress", { transferId, kind: "checking", done, total }),
    });
    if (recorded.template !== null) return { template: recorded.template, document: recorded.document };
    // The answer was lost and the document found by checking, in a listing that does not name its template.
    const unnamed: TemplateRecord = {
      accountId: account.id,
      templateId: "",
      name: draft.name,
      s3Url: "",
      draftId,
      groups: upload.groups.map((label) => ({ label })),
      createdAt: new Date(core.clock.now()).toISOString(),
    };
    return {
      template: unnamed,
      document: recorded.document,
      notice: phrase(messages.answerLost),
    };
  }
}
