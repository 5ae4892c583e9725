import type { Account, ConnectionCheck } from "../../common/accounts";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { createServiceClient, type ServiceClientOptions } from "../service/client";
import { type Observe, observedClient } from "../service/observed-client";
import { ServiceError } from "../service/service-error";

const messages = defineMessages({
  connected: {
    id: "main.accounts.connected",
    defaultMessage:
      "Connected to {address}: the service answered with {count, plural, one {# document} other {# documents}}.",
    description: "Test connection succeeded. {address} is the service's base URL.",
  },
  wrongKey: {
    id: "main.accounts.wrongKey",
    defaultMessage: "The service does not accept this API key: {reason}",
    description: "{reason} is the service's own message, or why it refused, a sentence.",
  },
  notThisService: {
    id: "main.accounts.notThisService",
    defaultMessage: "{address} does not answer like the signing service: {reason}",
    description: "{address} is the base URL tested; {reason} what it answered, a sentence.",
  },
});

/**
 * "Test connection": one harmless authenticated call (getAllDocuments, counted as it streams), told as the user needs it; `observe`
 * hears its outcome (the app's connection state).
 */
export async function checkConnection(
  account: Account,
  apiKey: string,
  observe: Observe = (call) => call(),
  /** The app's proxies (and what to do when one asks for a sign-in); direct unless given. */
  route: Pick<ServiceClientOptions, "proxy" | "onProxySignInNeeded"> = {},
): Promise<ConnectionCheck> {
  const client = observedClient(
    createServiceClient({
      ...route,
      baseUrl: account.baseUrl,
      apiKey: async () => apiKey,
      maxGetAttempts: 1,
      timeoutMs: 10_000,
    }),
    observe,
  );
  try {
    // Read as a stream and only counted: an account of 100,000 documents answers past any whole-answer limit.
    const { read } = await client.getAllDocumentsInBatches(() => {});
    return {
      outcome: "ok",
      message: phrase(messages.connected, { address: account.baseUrl, count: read }),
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    switch (error.category) {
      case "auth":
        return {
          outcome: "wrong_key",
          message: phrase(messages.wrongKey, { reason: error.serviceMessage ?? error.words }),
        };
      case "moved":
        // Its message names the new address (Accounts: change the service address to it).
        return { outcome: "not_this_service", message: error.words };
      case "network":
      case "timeout":
      case "server":
      case "rate_limited":
        return { outcome: "unreachable", message: error.words };
      default:
        return {
          outcome: "not_this_service",
          message: phrase(messages.notThisService, { address: account.baseUrl, reason: error.words }),
        };
    }
  }
}
