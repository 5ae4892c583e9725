import type { SofficeLocator } from "../node-shared/pdf/find-soffice";
import type { InboxAccess } from "./auth/inbox-access";
import type { KeyRing } from "./auth/keys";
import type { RateLimiter } from "./http/rate-limit";
import type { SandboxStore } from "./state/store";
import type { WebhookDispatcher } from "./webhooks/dispatcher";

/** Everything the routes and services share. */
export interface SandboxContext {
  store: SandboxStore;
  keys: KeyRing;
  /** One-time links to the inbox page, redeemed for a session that reads one outbox. */
  inboxAccess: InboxAccess;
  rateLimiter: RateLimiter;
  webhooks: WebhookDispatcher;
  now: () => number;
  /** The sandbox's own base URL (known once it listens), for signing and download links. */
  baseUrl: () => string;
  downloadUrlLifetimeMs: number;
  docxConversionTimeoutMs: number;
  /** Where LibreOffice is (undefined: searched on this machine). */
  locateSoffice?: SofficeLocator;
}
