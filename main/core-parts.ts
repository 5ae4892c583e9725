import type { Account } from "../common/accounts";
import type { Clock } from "../common/clock";
import type { EventName, EventPayload } from "../common/contract";
import type { PhraseOrText } from "../common/i18n/phrase";
import type { ScreenId } from "../common/screens";
import type { SofficeLocator } from "../node-shared/pdf/find-soffice";
import type { Sandbox } from "../sandbox/index";
import type { AccountService } from "./accounts/accounts";
import type { ProxySignIns } from "./accounts/proxy-sign-ins";
import type { DocumentTracker } from "./documents/tracker";
import type { DraftStore } from "./drafts/draft-store";
import type { MainIntl } from "./i18n/main-intl";
import type { AccountGates } from "./jobs/account-gates";
import type { AppLog } from "./logging/app-log";
import type { Records } from "./records/records";
import type { RecordsReader } from "./records/records-reader";
import type { ServiceClient } from "./service/client";
import type { Connection } from "./service/connection";
import type { ProxySettings } from "./service/proxy-agents";
import type { Settings } from "./settings/settings";

export interface SendCheckOptions {
  /** When getAllDocuments is asked, in ms after the answer was lost (the first usually 0). */
  scheduleMs: readonly number[];
  /** The longest wait for each look after a lost answer (the session's listing has none: send-baseline.ts). */
  listTimeoutMs: number;
}

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Its words are rendered when it is shown, in the language chosen then (text as it is). */
export interface DesktopNotification {
  title: PhraseOrText;
  body: PhraseOrText;
  /** The document the notification is about (clicking it opens the document). */
  pdfId?: string;
  /** The screen clicking it opens, when it is not about one document (default: Documents). */
  screen?: ScreenId;
}

/** What only the Electron shell can do; absent in plain Node (tests, the Chromium harness). */
export interface ShellActions {
  showItemInFolder(path: string): void;
  openPath(path: string): Promise<string>;
}

/** The system clipboard (Electron's in the app): text only, as the window copies it. */
export interface ClipboardWriter {
  writeText(text: string): void;
}

/**
 * What the core holds but the senders (bulk, outbox): what the senders and the services they use may ask of it, so
 * that they need not import `Core`, which names them (core-types.ts).
 */
export interface CoreParts {
  settings: Settings;
  /** Documents, templates and webhooks: the records database. */
  records: Records;
  /** Reads the Documents list's pages and searches off the main thread. */
  recordsReader: RecordsReader;
  accounts: AccountService;
  drafts: DraftStore;
  tracker: DocumentTracker;
  /** Whether each account's service answers: every request reports to it, and it raises the offline banner. */
  connection: Connection;
  /** When each account's service may be asked: a 429's hold, and the end of every wait once it answers again. */
  gates: AccountGates;
  sandbox: Sandbox | null;
  downloadsDir: string;
  scratchDir: string;
  /** Files this app downloaded: the only paths "show in folder" and "open" accept. */
  downloaded: Set<string>;
  emit: Emit;
  notify: (notification: DesktopNotification) => void;
  shell: ShellActions | null;
  /** Absent in plain Node unless given (the Chromium harness gives one that keeps the text). */
  clipboard: ClipboardWriter | null;
  /** The time, and the waits of the outbox, bulk send and the checks of lost answers. */
  clock: Clock;
  /** The system's proxies and the credentials kept for them: every request main makes goes their way. */
  proxy: ProxySettings;
  /** The proxies that asked for a user name and password, and what the person gave them. */
  proxySignIns: ProxySignIns;
  /** The language of main's words and of the window (its choice is kept in the settings). */
  intl: MainIntl;
  /** Main's log file (what a support bundle sends). */
  appLog: AppLog;
  /** What was wrong with stored data at start, each a sentence for the person (see AppInfo.notices). */
  notices: readonly PhraseOrText[];
  /** Where LibreOffice is now (the path set on the Accounts screen, else its usual places). */
  locateSoffice: SofficeLocator;
  /** How a send whose outcome is unknown is checked with the service (documents/send-document.ts). */
  sendCheck: SendCheckOptions;
  /** The account calls go to (throws when there is none). */
  activeAccount(): Account;
  clientFor(account: Account): ServiceClient;
}
