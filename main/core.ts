import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Account } from "../common/accounts";
import { type Clock, systemClock } from "../common/clock";
import { defineMessages } from "../common/i18n/define-messages";
import { inEnglish } from "../common/i18n/english";
import { type PhraseOrText, phrase } from "../common/i18n/phrase";
import { findSoffice, type SofficeEnvironment, systemEnvironment } from "../node-shared/pdf/find-soffice";
import { AccountService } from "./accounts/accounts";
import { checkConnection } from "./accounts/check-connection";
import type { SecretStore } from "./accounts/keychain";
import { ProxySignIns } from "./accounts/proxy-sign-ins";
import type { BulkSenderOptions } from "./bulk/bulk-run";
import { BulkSender } from "./bulk/bulk-sender";
import type { ClipboardWriter, DesktopNotification, Emit, SendCheckOptions, ShellActions } from "./core-parts";
import type { Core } from "./core-types";
import { describeChange } from "./documents/notifications";
import { reimportDocuments } from "./documents/reimport-documents";
import { SendBaseline } from "./documents/send-baseline";
import { defaultSendCheck } from "./documents/send-document";
import { DocumentTracker, type TrackerOptions } from "./documents/tracker";
import { DraftStore } from "./drafts/draft-store";
import { HandlerError } from "./handler-error";
import { MainIntl } from "./i18n/main-intl";
import { AccountGates } from "./jobs/account-gates";
import { openAppLog } from "./logging/app-log";
import { type OutboxOptions, OutboxSender } from "./outbox/outbox-sender";
import { checkInBackground } from "./records/check-in-background";
import { moveLegacyRecords } from "./records/move-legacy-records";
import { openRecords } from "./records/open-records";
import { RecordsReader } from "./records/records-reader";
import { startEmbeddedSandbox } from "./sandbox-host";
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from "./service/client";
import { Connection } from "./service/connection";
import { envProxyFor } from "./service/env-proxy";
import { isUnreachableError } from "./service/failure-kind";
import { observedClient } from "./service/observed-client";
import { Settings, type SettingsBackend } from "./settings/settings";

const messages = defineMessages({
  noAccount: { id: "main.accounts.noAccount", defaultMessage: "Add an account on the Accounts screen first." },
});

export interface CoreOptions {
  userDataDir: string;
  downloadsDir: string;
  keychain: SecretStore;
  settingsBackend: SettingsBackend;
  emit: Emit;
  notify?: (notification: DesktopNotification) => void;
  shell?: ShellActions | null;
  /** The system clipboard the window's copies go to (Electron's in the app). */
  clipboard?: ClipboardWriter | null;
  /** Start the built-in sandbox and its account (true in the app). */
  embeddedSandbox?: boolean;
  tracker?: Partial<Pick<TrackerOptions, TrackerTiming>>;
  client?: Partial<Omit<ServiceClientOptions, "baseUrl" | "apiKey" | "onRetry">>;
  /** The time and the waits of everything in main; the system's unless given. */
  clock?: Clock;
  /**
   * The system's proxy for a URL, in PAC form ("DIRECT", "PROXY host:port"…): Electron's session in the app; the
   * environment (HTTPS_PROXY, NO_PROXY…) unless given.
   */
  resolveProxy?: (url: string) => Promise<string>;
  log?: (message: string) => void;
  /** Bulk send's pace (tests shorten its waits). */
  bulk?: BulkSenderOptions;
  /** The outbox's pace, and an observer of each step of a delivery (the fault test's). */
  outbox?: OutboxOptions;
  /** How an unknown send outcome is checked (default: about 2 minutes, more often at first). */
  sendCheck?: Partial<SendCheckOptions>;
  /** What the search for LibreOffice sees (tests give another platform, PATH or home); default: this machine. */
  libreOffice?: Partial<SofficeEnvironment>;
  /** The system's preferred languages, most preferred first (Electron's app.getPreferredSystemLanguages()). */
  systemLanguages?: () => readonly string[];
}

export interface RunningCore extends Core {
  close(): Promise<void>;
}

type TrackerTiming =
  | "firstPassDelayMs"
  | "minIntervalMs"
  | "maxIntervalMs"
  | "maxInFlight"
  | "watchedIntervalMs"
  | "recentMs"
  | "watchTtlMs";

/** How long after start a records database too large to check at start is checked in the background. */
const largeDatabaseCheckDelayMs = 20_000;

/** Assembles the main process's capabilities: settings, accounts and keys, sandbox, drafts, documents. */
export async function startCore(options: CoreOptions): Promise<RunningCore> {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  // Main's log file (logs/main.log); what is told to `options.log` (the console, a test) goes there too.
  const appLog = openAppLog(path.join(options.userDataDir, "logs"));
  const log = (message: string) => {
    appLog.warn(message);
    options.log?.(message);
  };
  // What was wrong with stored data: phrases for the window, in English for the log.
  const notices: PhraseOrText[] = [];
  const notice = (words: PhraseOrText) => {
    notices.push(words);
    log(typeof words === "string" ? words : inEnglish(words));
  };
  const settings = new Settings(options.settingsBackend, notice);
  const opened = openRecords(options.userDataDir, now);
  const records = opened.records;
  const recordsReader = new RecordsReader(records.file, records.db);
  for (const words of opened.notices) notice(words);
  for (const words of moveLegacyRecords(settings, options.settingsBackend.path, records, now())) notice(words);
  const intl = await MainIntl.start(
    { read: () => settings.get("locale"), write: (choice) => settings.update({ locale: choice }) },
    options.systemLanguages ?? (() => ["en"]),
  );
  const sofficeEnvironment = systemEnvironment(options.libreOffice);
  // Asked at each conversion: the path set on the Accounts screen, else LibreOffice's usual places.
  const locateSoffice = () => findSoffice(sofficeEnvironment, settings.get("sofficePath") ?? null);
  // Made below, once the service clients exist; removing an account forgets its outbox items' files and secrets.
  let outbox: OutboxSender | null = null;
  // Every account's gate: when any call reaches its service again, whatever waits for it (the tracker's probe, the
  // outbox's retry, a batch's back-off) goes now.
  const gates = new AccountGates(clock);
  // Every request main makes goes the way the system's proxy settings say, signed in where a proxy asks.
  const proxySignIns = new ProxySignIns({
    keychain: options.keychain,
    onAsking: (address) => options.emit("proxy:signInNeeded", { proxy: address }),
  });
  const resolveProxy = options.resolveProxy ?? (async (url: string) => envProxyFor(url));
  const proxy = { resolve: resolveProxy, credentials: (address: string) => proxySignIns.credentials(address) };
  const connection = new Connection({
    now,
    onChange: (accountId, state) => {
      if (state.reachable) gates.answered(accountId);
      if (accounts.active()?.id !== accountId) return;
      options.emit("service:reachability", { accountId, reachable: state.reachable, message: state.reason });
    },
  });
  const accounts = new AccountService({
    settings,
    keychain: options.keychain,
    forgetRecords: (id) => {
      outbox?.forgetAccount(id);
      records.removeAccount(id);
    },
    now,
    checkConnection: (account, key) =>
      checkConnection(account, key, (call) => connection.observe(account.id, call), {
        proxy,
        onProxySignInNeeded: (address) => proxySignIns.asked(address),
      }),
  });
  const scratchDir = path.join(options.userDataDir, "tmp");
  let sandbox: Awaited<ReturnType<typeof startEmbeddedSandbox>> | null = null;
  try {
    await mkdir(scratchDir, { recursive: true });
    sandbox =
      options.embeddedSandbox === false
        ? null
        : await startEmbeddedSandbox(options.userDataDir, settings.get("sandboxPort"), locateSoffice);
    const started = sandbox;
    if (started !== null) {
      for (const words of started.notices) notice(words);
      settings.update({ sandboxPort: Number(new URL(started.url).port) });
      await accounts.ensureSandboxAccount(started.url, (known) =>
        started.issueKey(known === undefined ? {} : { key: known }),
      );
    }
  } catch (error) {
    // Nothing may keep listening, or hold the database open, after a failed start: the app may start again in this
    // process, or set the data aside.
    await sandbox?.close();
    await recordsReader.close();
    records.close();
    throw error;
  }

  const clients = new Map<string, ServiceClient>();
  const clientFor = (account: Account): ServiceClient => {
    const key = `${account.id} ${account.baseUrl}`;
    let client = clients.get(key);
    if (client === undefined) {
      client = observedClient(
        createServiceClient({
          clock,
          proxy,
          onProxySignInNeeded: (address) => proxySignIns.asked(address),
          ...options.client,
          baseUrl: account.baseUrl,
          apiKey: () => accounts.apiKey(account.id),
          // The banner says why at the first failed attempt, rather than after the retries (seconds later).
          onRetry: (error) => connection.failed(account.id, error),
          onExchange: ({ method, endpoint, status, failure, ms }) =>
            appLog.info(`${method} ${new URL(account.baseUrl).origin} ${endpoint} ${status ?? failure} ${ms} ms`),
        }),
        (call) => connection.observe(account.id, call),
      );
      clients.set(key, client);
    }
    return client;
  };
  const activeAccount = (): Account => {
    const account = accounts.active();
    if (account === null) throw new HandlerError("no_account", phrase(messages.noAccount));
    return account;
  };

  const notify = options.notify ?? (() => {});
  const tracker = new DocumentTracker({
    documents: records.documents,
    // A pass at once would slow the window's start (on a busy 2-core machine, by a second with 100,000 documents).
    firstPassDelayMs: 3_000,
    ...options.tracker,
    clock,
    gates,
    fetchDetails: async (accountId, pdfId, signal) =>
      (await clientFor(accounts.get(accountId)).getDocumentDetails(pdfId, { signal })).document,
    isUnreachable: isUnreachableError,
    onChange: (change) => {
      options.emit("documents:changed", change);
      notify(describeChange(change));
    },
  });
  tracker.start();
  const sendCheck = { ...defaultSendCheck, ...options.sendCheck };
  // What a send whose answer is lost is compared with: one listing per session and account, for bulk and outbox.
  const baseline = new SendBaseline({ records, clientFor, clock });
  // A batch that was sending when the app stopped waits for the person to resume it.
  records.bulk.interruptSending();
  const bulk = new BulkSender(
    { records, accounts, clientFor, emit: options.emit, clock, gates, tracker, sendCheck, baseline },
    options.bulk,
  );

  outbox = new OutboxSender(
    {
      records,
      accounts,
      clientFor,
      emit: options.emit,
      notify,
      clock,
      tracker,
      sendCheck,
      connection,
      gates,
      folder: path.join(options.userDataDir, "outbox"),
      secrets: options.keychain,
      baseline,
    },
    options.outbox,
  );
  await outbox.recoverAtStart();

  // The check of a database too large to check at start reads all of it (a second or more of a core for 100,000
  // documents): it waits until the start, the window's included, is over.
  const checkLargeDatabase = () => void checkInBackground(records.file, notice);
  const cancelCheck =
    opened.uncheckedAtStart === true ? clock.after(largeDatabaseCheckDelayMs, checkLargeDatabase) : null;
  const drafts = new DraftStore({
    root: path.join(options.userDataDir, "drafts"),
    now,
    locateSoffice,
    words: () => intl.intl,
    render: (words) => intl.render(words),
  });
  const core: RunningCore = {
    settings,
    records,
    recordsReader,
    accounts,
    drafts,
    tracker,
    bulk,
    outbox,
    connection,
    gates,
    sandbox,
    downloadsDir: options.downloadsDir,
    scratchDir,
    downloaded: new Set(),
    emit: options.emit,
    notify,
    shell: options.shell ?? null,
    clipboard: options.clipboard ?? null,
    clock,
    proxy,
    proxySignIns,
    appLog,
    notices,
    intl,
    locateSoffice,
    sendCheck,
    activeAccount,
    clientFor,
    async close() {
      // Status checks stop first: a pass or a "Refresh now" may have thousands of documents to go (what was not asked
      // stays due, for the next start); quitting waits only for what they already learnt to be stored.
      tracker.stop();
      cancelCheck?.();
      await outbox.settle();
      await bulk.settle();
      gates.close();
      baseline.close();
      await tracker.settle();
      await drafts.idle();
      await sandbox?.close();
      await recordsReader.close();
      records.close();
    },
  };
  // A rebuilt database lost what could not be read: each service lists its documents again.
  if (opened.rebuilt) void reimportDocuments(core, log);
  outbox.start();
  return core;
}
