import { mkdir } from "node:fs/promises";
import { DocumentListQuerySchema } from "../../common/document-list";
import { defaultDocumentName, defaultEmailSubject } from "../../common/document-naming";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { type ImportDeps, importDocuments } from "../documents/import-documents";
import { connectionView, iso, refreshDocuments } from "../documents/refresh-documents";
import { onlyOnce } from "../documents/send-document";
import { downloadFinalPdf } from "../downloads/download-final-pdf";
import { HandlerError } from "../handler-error";
import { productName } from "../product-name";
import { activeTemplate } from "../templates/active-template";
import { checkSendRecipients } from "../templates/draft-to-wire";

const messages = defineMessages({
  noRecord: { id: "main.documents.noRecord", defaultMessage: "{app} has no record of that document." },
  notDownloaded: {
    id: "main.documents.notDownloaded",
    defaultMessage: "Only files {app} downloaded can be shown or opened.",
  },
  needsApp: { id: "main.documents.needsApp", defaultMessage: "Showing files needs the {app} app." },
  noDocumentMade: { id: "main.documents.noDocumentMade", defaultMessage: "The service made no document." },
  sendingAlready: {
    id: "main.documents.sendingAlready",
    defaultMessage: "This document is being sent already: wait for the answer before sending it again.",
  },
  openFailed: {
    id: "main.documents.openFailed",
    defaultMessage: "The file could not be opened: {problem}",
    description: "{problem} is the system's own message",
  },
});

/** What these handlers use of the core. */
export type DocumentHandlerDeps = ImportDeps &
  Pick<
    Core,
    | "activeAccount"
    | "clientFor"
    | "connection"
    | "downloaded"
    | "downloadsDir"
    | "emit"
    | "intl"
    | "outbox"
    | "records"
    | "recordsReader"
    | "proxy"
    | "proxySignIns"
    | "shell"
    | "tracker"
  >;

export function documentHandlers(
  core: DocumentHandlerDeps,
): Pick<
  HandlerImplementations,
  | "documentsList"
  | "documentsGet"
  | "documentsTemplateUse"
  | "documentsSend"
  | "documentsRefresh"
  | "documentsWatch"
  | "documentsImport"
  | "documentsDownload"
  | "documentsShowInFolder"
  | "documentsOpenFile"
> {
  const recordOf = (pdfId: string) => {
    const account = core.activeAccount();
    const record = core.records.documents.get(account.id, pdfId);
    if (record === undefined) throw new HandlerError("not_found", phrase(messages.noRecord, { app: productName }));
    return { account, record };
  };
  const downloadedFile = (path: string) => {
    if (!core.downloaded.has(path))
      throw new HandlerError("forbidden", phrase(messages.notDownloaded, { app: productName }));
    if (core.shell === null) throw new HandlerError("unavailable", phrase(messages.needsApp, { app: productName }));
    return core.shell;
  };

  return {
    documentsList: async (query) => {
      const account = core.activeAccount();
      const page = await core.recordsReader.page(account.id, DocumentListQuerySchema.parse(query ?? {}));
      const nextCheckAt: Record<string, string> = {};
      for (const record of page.documents) {
        const at = core.tracker.nextCheckAt(account.id, record.pdfId);
        if (at !== null) nextCheckAt[record.pdfId] = iso(at);
      }
      const connection = connectionView(core, account.id);
      return { ...page, reachable: connection.reachable, connection, nextCheckAt };
    },

    documentsGet: ({ pdfId }) => {
      const { account, record } = recordOf(pdfId);
      const at = core.tracker.nextCheckAt(account.id, pdfId);
      return { document: record, nextCheckAt: at === null ? null : iso(at) };
    },

    documentsTemplateUse: () => core.recordsReader.templateUse(core.activeAccount().id),

    documentsSend: ({ templateId, recipients, emailSubject, documentName, transferId }) => {
      const { account, template } = activeTemplate(core, templateId);
      checkSendRecipients(
        recipients,
        template.groups.map((group) => group.label),
      );
      // createFromTemplate takes no name (API-SPEC.md 4.2): the name is Signdesk's own, offered as the subject.
      const name = documentName ?? defaultDocumentName(template.name, recipients[0]?.name, core.intl.intl);
      const subject = emailSubject?.trim() || defaultEmailSubject(name, core.intl.intl);
      const onChecking = (done: number, total: number) => {
        if (transferId !== undefined) core.emit("transfer:progress", { transferId, kind: "checking", done, total });
      };
      const addresses = recipients.map((recipient) => recipient.email.trim().toLowerCase()).sort();
      return onlyOnce(
        core,
        `send ${account.id} ${templateId} ${addresses.join(" ")}`,
        phrase(messages.sendingAlready),
        async () => {
          const item = await core.outbox.enqueue({
            forPerson: true,
            account,
            title: name,
            item: {
              kind: "sendFromTemplate",
              request: {
                templateId,
                documentName: name,
                serviceName: template.serviceName ?? template.name,
                recipients,
                emailSubject: subject,
              },
            },
          });
          const { recorded } = await core.outbox.sendNow(item.itemId, { onChecking });
          if (recorded.document === null) throw new HandlerError("internal", phrase(messages.noDocumentMade));
          return recorded.document;
        },
      );
    },

    documentsRefresh: (args) => refreshDocuments(core, args?.pdfIds, args?.transferId),

    documentsWatch: ({ watching }) => {
      core.tracker.watch(watching);
      return null;
    },

    /** Adds the documents the service knows but this app does not (getAllDocuments, read as a stream). */
    documentsImport: (args) => {
      const transferId = args?.transferId;
      return importDocuments(core, core.activeAccount(), (read) => {
        if (transferId !== undefined)
          core.emit("transfer:progress", { transferId, kind: "import", done: read, total: null });
      });
    },

    documentsDownload: async ({ pdfId, transferId }) => {
      const { account, record } = recordOf(pdfId);
      const client = core.clientFor(account);
      const refreshUrl = async () => (await client.getDocumentDetails(pdfId)).document.finalUrl ?? null;
      // Like a browser, create the Downloads folder when it does not exist yet (a fresh account).
      await mkdir(core.downloadsDir, { recursive: true }).catch(() => {});
      const saved = await downloadFinalPdf({
        finalUrl: null,
        refreshUrl,
        directory: core.downloadsDir,
        documentName: record.name,
        onProgress: (done, total) => core.emit("transfer:progress", { transferId, kind: "download", done, total }),
        proxy: core.proxy,
        onProxySignInNeeded: (address) => core.proxySignIns.asked(address),
      }).catch((error: unknown) => {
        // The file itself comes from the final URL, not through the client: its failure is reported here.
        if (error instanceof HandlerError && (error.code === "network" || error.code === "timeout"))
          core.connection.unreachable(account.id, error.phrase ?? error.message);
        throw error;
      });
      core.downloaded.add(saved.path);
      // The seal's check (ASN.1, X.509, CMS) is loaded at the first download, not at start.
      const { sealSummaryOf } = await import("../downloads/seal-summary");
      return { ...saved, seal: await sealSummaryOf(saved.path) };
    },

    documentsShowInFolder: ({ path }) => {
      downloadedFile(path).showItemInFolder(path);
      return null;
    },

    documentsOpenFile: async ({ path }) => {
      const problem = await downloadedFile(path).openPath(path);
      if (problem !== "") throw new HandlerError("open_failed", phrase(messages.openFailed, { problem }));
      return null;
    },
  };
}
