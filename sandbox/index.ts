import type { AddressInfo } from "node:net";
import { type Clock, systemClock } from "../common/clock";
import type { SofficeLocator } from "../node-shared/pdf/find-soffice";
import { InboxAccess } from "./auth/inbox-access";
import { KeyRing } from "./auth/keys";
import type { SandboxContext } from "./context";
import { buildApp } from "./http/app";
import { RateLimiter } from "./http/rate-limit";
import { defaultTimeouts, type HttpTimeouts } from "./http/timeouts";
import { documentRoutes } from "./routes/documents";
import { inboxAccessRoutes } from "./routes/inbox-access";
import { sandboxToolRoutes } from "./routes/sandbox-tools";
import { signingRoutes } from "./routes/signing";
import { templateRoutes } from "./routes/templates";
import { webhookRoutes } from "./routes/webhooks";
import { SandboxStore } from "./state/store";
import { defaultRetryDelaysMs, WebhookDispatcher } from "./webhooks/dispatcher";

export interface SandboxOptions {
  /** Where keys (hashed), templates, documents, outbox and webhooks are kept. */
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Requests per minute per key; off when null or omitted. */
  rateLimitPerMinute?: number | null;
  /** Lifetime of signed download URLs (15 minutes). */
  downloadUrlLifetimeMs?: number;
  webhookRetryDelaysMs?: readonly number[];
  webhookTimeoutMs?: number;
  docxConversionTimeoutMs?: number;
  /** Where LibreOffice is, asked at each conversion (default: searched on this machine). */
  locateSoffice?: SofficeLocator;
  /** Time-outs for slow or stalled clients (defaults and reasons in http/timeouts.ts); tests shorten them. */
  timeouts?: Partial<HttpTimeouts>;
  /** The clock for timestamps, expiry and the webhooks' waits; the system's unless given (tests move it). */
  clock?: Clock;
}

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  /** What was wrong with the stored data when the sandbox started (see SandboxStore.open), for the app to say. */
  readonly notices: readonly string[];
  /** Issues a key for a new user (or keeps the user that has `key`). */
  issueKey(options?: { key?: string; expiresAt?: Date | null }): Promise<string>;
  close(): Promise<void>;
}

/** Starts the local signing service (API-SPEC.md as API-NOTES.md decides) on loopback. */
export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const store = await SandboxStore.open(options.dataDir);
  let baseUrl = "";
  const webhooks = new WebhookDispatcher(store, {
    retryDelaysMs: options.webhookRetryDelaysMs ?? defaultRetryDelaysMs,
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    clock,
  });
  const context: SandboxContext = {
    store,
    keys: new KeyRing(store, now),
    inboxAccess: new InboxAccess(now),
    rateLimiter: new RateLimiter(options.rateLimitPerMinute ?? null, now),
    webhooks,
    now,
    baseUrl: () => baseUrl,
    downloadUrlLifetimeMs: options.downloadUrlLifetimeMs ?? 15 * 60_000,
    docxConversionTimeoutMs: options.docxConversionTimeoutMs ?? 60_000,
    locateSoffice: options.locateSoffice,
  };
  const app = await buildApp(context, { ...defaultTimeouts, ...options.timeouts }, (instance) => {
    templateRoutes(instance, context);
    documentRoutes(instance, context);
    webhookRoutes(instance, context);
    signingRoutes(instance, context);
    sandboxToolRoutes(instance, context);
    inboxAccessRoutes(instance, context);
  });
  await app.listen({ host: options.host ?? "127.0.0.1", port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;
  webhooks.start();

  return {
    url: baseUrl,
    notices: store.notices,
    issueKey: (issue) => context.keys.issue(issue),
    async close() {
      await webhooks.close();
      await app.close();
      await store.save();
    },
  };
}
