import { z } from "zod";
import { AccountChangesSchema, AccountInputSchema, AccountSchema, ConnectionCheckSchema } from "./accounts";
import { AppInfoSchema } from "./app-info";
import { maxBulkRows, maxEmailSubjectLength } from "./bulk";
import { BulkBatchSchema, BulkProgressSchema, BulkRowInputSchema, BulkRowViewSchema } from "./bulk-batches";
import { type ChannelName, channelNames, type EventName, type MethodName } from "./channels";
import { Bytes, desktopChannels, Id, NoArgs, Nothing, TransferId } from "./contract-desktop";
import { draftChannels } from "./contract-drafts";
import { DocumentListQuerySchema, TemplateUseSchema } from "./document-list";
import { CatalogPayloadSchema } from "./i18n/catalog";
import { LocaleStateSchema } from "./i18n/locale-state";
import { LocaleChoiceSchema, LocaleSchema } from "./i18n/locales";
import { PhraseOrTextSchema } from "./i18n/phrase";
import { LibreOfficeStatusSchema, ProgramPathSchema } from "./libreoffice";
import { OutboxItemSchema, OutboxListSchema, OutboxSummarySchema } from "./outbox";
import { PdfSealSummarySchema } from "./pdf-seal";
import { ProxyAddressSchema } from "./proxy";
import { DocumentNameSchema, TemplateNameSchema } from "./record-names";
import {
  ConnectionStateSchema,
  DocumentChangeSchema,
  DocumentRecordSchema,
  RecipientSchema,
  RefreshOutcomeSchema,
  TemplateRecordSchema,
  WebhookRecordSchema,
} from "./records";
import type { IpcResult } from "./result";
import { ScreenIdSchema } from "./screens";
import { maxAddressLength } from "./service-address";
import { SeenTemplateIdSchema, TemplateByIdInputSchema } from "./template-by-id";
import { UpdateStateSchema } from "./updates";

/**
 * The IPC contract: the arguments and result of every channel, the payload of every event.
 * The preload exposes exactly these (as methods of `window.signdesk`), main registers exactly these.
 */

interface ChannelDefinition<C extends ChannelName> {
  channel: C;
  args: z.ZodType;
  result: z.ZodType;
}

/** A screen to show, and on Documents a document's details. */
const NavigationSchema = z.object({ screen: ScreenIdSchema, pdfId: z.string().optional() });
export type Navigation = z.infer<typeof NavigationSchema>;

export const channels = {
  appInfo: { channel: channelNames.appInfo, args: NoArgs, result: AppInfoSchema },
  localeGet: { channel: channelNames.localeGet, args: NoArgs, result: LocaleStateSchema },
  localeCatalog: {
    channel: channelNames.localeCatalog,
    args: z.object({ locale: LocaleSchema }),
    result: CatalogPayloadSchema,
  },
  localeSet: {
    channel: channelNames.localeSet,
    args: z.object({ choice: LocaleChoiceSchema }),
    result: LocaleStateSchema,
  },
  appRecover: {
    channel: channelNames.appRecover,
    args: NoArgs,
    result: z.object({ setAsideFolder: z.string() }),
  },
  /**
   * Where main asked the window to go before the window listened (a signdesk:// link that started the app), once;
   * null when nothing waits. Asked once the window listens to "app:navigate", which tells everything after.
   */
  appTakeNavigation: { channel: channelNames.appTakeNavigation, args: NoArgs, result: NavigationSchema.nullable() },

  accountsList: {
    channel: channelNames.accountsList,
    args: NoArgs,
    result: z.object({ accounts: z.array(AccountSchema), activeAccountId: z.string().nullable() }),
  },
  accountsAdd: { channel: channelNames.accountsAdd, args: AccountInputSchema, result: AccountSchema },
  accountsUpdate: {
    channel: channelNames.accountsUpdate,
    args: AccountChangesSchema.extend({ id: Id }),
    result: AccountSchema,
  },
  accountsRemove: { channel: channelNames.accountsRemove, args: z.object({ id: Id }), result: Nothing },
  accountsSetActive: { channel: channelNames.accountsSetActive, args: z.object({ id: Id }), result: AccountSchema },
  accountsTestConnection: {
    channel: channelNames.accountsTestConnection,
    args: z.object({ id: Id }),
    result: ConnectionCheckSchema,
  },
  /** Which LibreOffice converts Word documents, searched again now. */
  libreOfficeFind: { channel: channelNames.libreOfficeFind, args: NoArgs, result: LibreOfficeStatusSchema },
  /** Uses the LibreOffice at `path` (checked: it must answer --version as LibreOffice); null forgets the path set. */
  libreOfficeUse: {
    channel: channelNames.libreOfficeUse,
    args: z.object({ path: ProgramPathSchema.nullable() }),
    result: LibreOfficeStatusSchema,
  },

  templatesList: { channel: channelNames.templatesList, args: NoArgs, result: z.array(TemplateRecordSchema) },
  templatesCreate: {
    channel: channelNames.templatesCreate,
    args: z.object({
      draftId: Id,
      transferId: TransferId,
      autoReleaseSignatures: z.boolean().default(true),
      send: z
        .object({ recipients: z.array(RecipientSchema).min(1), emailSubject: z.string().max(300).optional() })
        .optional(),
    }),
    result: z.object({
      template: TemplateRecordSchema,
      document: DocumentRecordSchema.nullable(),
      /** Set when the template's ID was lost with the service's answer (the document was found by checking). */
      notice: PhraseOrTextSchema.optional(),
    }),
  },
  /** Adds a template made outside the app (the service's web app) by its ID, to send like the others. */
  templatesAddById: {
    channel: channelNames.templatesAddById,
    args: TemplateByIdInputSchema,
    result: TemplateRecordSchema,
  },
  /**
   * Removes a template from Signdesk's list (the service keeps it; its documents stay listed; the version it
   * superseded, if any, takes its place).
   */
  templatesRemove: { channel: channelNames.templatesRemove, args: z.object({ templateId: Id }), result: Nothing },
  /** Renames a template in Signdesk's list only: the service has no call to rename one. */
  templatesRename: {
    channel: channelNames.templatesRename,
    args: z.object({ templateId: Id, name: TemplateNameSchema }),
    result: TemplateRecordSchema,
  },
  /** Template IDs the account's documents name that none of its templates has, newest first. */
  templatesSeenIds: { channel: channelNames.templatesSeenIds, args: NoArgs, result: z.array(SeenTemplateIdSchema) },

  /**
   * One page of the active account's documents (filtered, searched and sorted by the records database), with the
   * counts the list shows. Without a query: the 100 most recently sent.
   */
  documentsList: {
    channel: channelNames.documentsList,
    args: DocumentListQuerySchema.optional(),
    result: z.object({
      documents: z.array(DocumentRecordSchema),
      /** Where this page starts among the matching documents. */
      offset: z.number(),
      /** How many documents match the query. */
      total: z.number(),
      /** How many documents the account has. */
      all: z.number(),
      /** The account's documents per status. */
      counts: z.record(z.string(), z.number()),
      /** The same as connection.reachable (kept for older callers). */
      reachable: z.boolean(),
      connection: ConnectionStateSchema,
      /** When each unfinished document of this page is checked next (ISO time), by pdfId. */
      nextCheckAt: z.record(z.string(), z.string()),
      /** The bulk send each document of this page came from, by pdfId. */
      batches: z.record(z.string(), z.object({ batchId: z.string(), fileName: z.string() })),
    }),
  },
  /** One document of the active account, and when it is checked next (ISO time; null: finished). */
  documentsGet: {
    channel: channelNames.documentsGet,
    args: z.object({ pdfId: Id }),
    result: z.object({ document: DocumentRecordSchema, nextCheckAt: z.string().nullable() }),
  },
  /** The templates the active account's documents name, with how many and the newest one (newest first). */
  documentsTemplateUse: {
    channel: channelNames.documentsTemplateUse,
    args: NoArgs,
    result: z.array(TemplateUseSchema),
  },
  documentsSend: {
    channel: channelNames.documentsSend,
    args: z.object({
      templateId: Id,
      recipients: z.array(RecipientSchema).min(1),
      /** Blank or absent: "Please sign: <document name>" (common/document-naming.ts). */
      emailSubject: z.string().max(maxEmailSubjectLength).optional(),
      /**
       * The document's name in Signdesk (default: the template's and the first recipient's, common/document-naming.ts);
       * kept locally, as the service takes none.
       */
      documentName: DocumentNameSchema.optional(),
      /** Ties the "checking" transfer:progress events (after a lost answer) to this send. */
      transferId: TransferId.optional(),
    }),
    result: DocumentRecordSchema,
  },
  /**
   * Checks every unfinished document (or these) now; "refresh" transfer:progress events count them. With nothing
   * to check, the service is still asked once, so that what is said about the connection is true.
   */
  documentsRefresh: {
    channel: channelNames.documentsRefresh,
    args: z.object({ pdfIds: z.array(Id).optional(), transferId: TransferId.optional() }).optional(),
    result: RefreshOutcomeSchema,
  },
  /**
   * Documents or a document's details is on screen in a focused window (or no longer): recent unfinished
   * documents are then checked often. Renew within 2 minutes or it lapses.
   */
  documentsWatch: { channel: channelNames.documentsWatch, args: z.object({ watching: z.boolean() }), result: Nothing },
  /**
   * Adds the documents the service lists (getAllDocuments, read as a stream) that the account has not recorded;
   * "import" transfer:progress events count the documents read so far. `skipped`: listed in a form that cannot be read.
   */
  documentsImport: {
    channel: channelNames.documentsImport,
    args: z.object({ transferId: TransferId.optional() }).optional(),
    result: z.object({ imported: z.number(), read: z.number(), skipped: z.number() }),
  },
  documentsDownload: {
    channel: channelNames.documentsDownload,
    args: z.object({ pdfId: Id, transferId: TransferId }),
    result: z.object({ path: z.string(), bytes: z.number(), seal: PdfSealSummarySchema }),
  },
  documentsShowInFolder: {
    channel: channelNames.documentsShowInFolder,
    args: z.object({ path: z.string() }),
    result: Nothing,
  },
  documentsOpenFile: { channel: channelNames.documentsOpenFile, args: z.object({ path: z.string() }), result: Nothing },

  /** Reads a CSV file for bulk send (its encoding and delimiter found): the header and each row's cells and line. */
  bulkReadFile: {
    channel: channelNames.bulkReadFile,
    args: z.object({ fileName: z.string().min(1).max(255), bytes: Bytes }),
    result: z.object({
      headers: z.array(z.string()),
      rows: z.array(z.object({ line: z.number(), cells: z.array(z.string()) })),
      encoding: z.string(),
      delimiter: z.string(),
    }),
  },
  /** The active account's bulk batches, newest first. */
  bulkList: { channel: channelNames.bulkList, args: NoArgs, result: z.array(BulkBatchSchema) },
  /** A page of a batch's rows with each one's state, document and message. */
  bulkRows: {
    channel: channelNames.bulkRows,
    args: z.object({
      batchId: Id,
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    result: z.object({ rows: z.array(BulkRowViewSchema), total: z.number() }),
  },
  /** Keys (bulkRowKey) of the rows already sent to this template in earlier batches: the preview flags them. */
  bulkSentKeys: { channel: channelNames.bulkSentKeys, args: z.object({ templateId: Id }), result: z.array(z.string()) },
  /** Journals a batch of checked rows (checked again here), ready to start. */
  bulkCreate: {
    channel: channelNames.bulkCreate,
    args: z.object({
      templateId: Id,
      fileName: z.string().min(1).max(255),
      rows: z.array(BulkRowInputSchema).min(1).max(maxBulkRows),
    }),
    result: BulkBatchSchema,
  },
  /** Starts or resumes a batch; `bulk:progress` events follow it. */
  bulkStart: { channel: channelNames.bulkStart, args: z.object({ batchId: Id }), result: BulkBatchSchema },
  /** Stops taking rows; the requests in flight finish. */
  bulkPause: { channel: channelNames.bulkPause, args: z.object({ batchId: Id }), result: BulkBatchSchema },
  /** Drops the rows not sent yet. */
  bulkCancel: { channel: channelNames.bulkCancel, args: z.object({ batchId: Id }), result: BulkBatchSchema },
  /** Writes the batch's results as "<file> - results.csv" in the Downloads folder (shown with documentsShowInFolder). */
  bulkExport: {
    channel: channelNames.bulkExport,
    args: z.object({ batchId: Id }),
    result: z.object({ path: z.string() }),
  },

  webhooksList: { channel: channelNames.webhooksList, args: NoArgs, result: z.array(WebhookRecordSchema) },
  webhooksRegister: {
    channel: channelNames.webhooksRegister,
    args: z.object({
      url: z.string().min(1).max(maxAddressLength),
      eventType: z.enum(["document.signed", "document.finalized"]),
      secret: z.string().min(1).max(512).optional(),
      generateSecret: z.boolean().optional(),
    }),
    /**
     * `secret` is returned once, when generated here; it is never stored by the app. `queued`: the service could not
     * be reached, and the registration waits in the outbox (why, in words); the webhook has no ID until then.
     */
    result: z.object({ webhook: WebhookRecordSchema, secret: z.string().nullable(), queued: z.string().optional() }),
  },
  webhooksDelete: {
    channel: channelNames.webhooksDelete,
    args: z.object({ url: z.string().min(1).max(maxAddressLength) }),
    result: Nothing,
  },

  /** The active account's outbox: what waits to be sent (in order) and the last items delivered. */
  outboxList: { channel: channelNames.outboxList, args: NoArgs, result: OutboxListSchema },
  /** Takes a queued or failed item out of the outbox (one whose request is out cannot be called back). */
  outboxCancel: { channel: channelNames.outboxCancel, args: z.object({ itemId: Id }), result: OutboxItemSchema },
  /**
   * Sends a failed item again, or asks at once about a queued one or one in doubt (a template alone in doubt is sent
   * again: the service cannot be asked whether it made it). Also resumes the account's paused queue.
   */
  outboxRetry: { channel: channelNames.outboxRetry, args: z.object({ itemId: Id }), result: OutboxItemSchema },
  /** Changes a failed send's recipients (the service refused them) and queues it again. */
  outboxEditRecipients: {
    channel: channelNames.outboxEditRecipients,
    args: z.object({ itemId: Id, recipients: z.array(RecipientSchema).min(1) }),
    result: OutboxItemSchema,
  },

  ...draftChannels,
  ...desktopChannels,
} as const satisfies { [M in MethodName]: ChannelDefinition<(typeof channelNames)[M]> };

export const events = {
  /** Main asks the renderer to show a screen (menu item or keyboard accelerator). */
  "app:navigate": NavigationSchema,
  /** A tracked document's status changed (each change once). */
  "documents:changed": DocumentChangeSchema,
  /**
   * Progress of an upload (template creation) or a download; "checking": a send's answer was lost and the
   * service is being asked whether it was sent (`done` looks of `total`); "refresh": documents asked about of `total`
   * (told once the service has answered, and never with nothing to check: until then the service is being reached);
   * "import": documents read from the service's list so far (`total` null: the list's length is not known).
   */
  "transfer:progress": z.object({
    transferId: z.string(),
    kind: z.enum(["upload", "download", "checking", "refresh", "import"]),
    done: z.number(),
    total: z.number().nullable(),
  }),
  /** A bulk batch's rows and state changed: its counts, rate and time left. */
  "bulk:progress": BulkProgressSchema,
  /** The active account's service became unreachable (any failed request, `message` why), or answered again. */
  "service:reachability": z.object({
    accountId: z.string(),
    reachable: z.boolean(),
    /** Why it is not reachable, rendered in the window's language. */
    message: PhraseOrTextSchema.nullable(),
  }),
  /** The active account's outbox changed (an item queued, sent, failed, cancelled): its summary; the list is read again. */
  "outbox:changed": OutboxSummarySchema,
  /** Something main asked of the desktop failed (a link with no browser to open it): `message` says what, in words. */
  "desktop:failed": z.object({ message: z.string() }),
  /** A proxy on the way to the service asked for a user name and password (HTTP 407): the window asks the person. */
  "proxy:signInNeeded": z.object({ proxy: ProxyAddressSchema }),
  /** Where this copy's update stands changed (checking, downloading and how far, ready, failed). */
  "updates:changed": UpdateStateSchema,
} as const satisfies { [E in EventName]: z.ZodType };

type Channels = typeof channels;
export type ArgsOf<M extends MethodName> = z.output<Channels[M]["args"]>;
export type ArgsInputOf<M extends MethodName> = z.input<Channels[M]["args"]>;
export type ResultOf<M extends MethodName> = z.output<Channels[M]["result"]>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

type MethodSignature<M extends MethodName> = (
  ...args: undefined extends ArgsInputOf<M> ? [args?: ArgsInputOf<M>] : [args: ArgsInputOf<M>]
) => Promise<IpcResult<ResultOf<M>>>;

/** The shape of `window.signdesk`. */
export type SigndeskApi = { readonly [M in MethodName]: MethodSignature<M> } & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};

export { type AppInfo, AppInfoSchema } from "./app-info";
export type { EventName, MethodName } from "./channels";
