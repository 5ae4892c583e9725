import type { Account, ConnectionCheck } from "../../common/accounts";
import { createServiceClient, type ServiceClientOptions } from "../service/client";
import { type Observe, observedClient } from "../service/observed-client";
import { ServiceError } from "../service/service-error";

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
      message: `Connected to ${account.baseUrl}: the service answered with ${read.toLocaleString("en-US")} document${read === 1 ? "" : "s"}.`,
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    switch (error.category) {
      case "auth":
        return {
          outcome: "wrong_key",
          message: `The service does not accept this API key: ${error.serviceMessage ?? error.message}`,
        };
      case "moved":
        // Its message names the new address (Accounts: change the service address to it).
        return { outcome: "not_this_service", message: error.message };
      case "network":
      case "timeout":
      case "server":
      case "rate_limited":
        return { outcome: "unreachable", message: error.message };
      default:
        return {
          outcome: "not_this_service",
          message: `${account.baseUrl} does not answer like the signing service: ${error.message}`,
        };
    }
  }
}
