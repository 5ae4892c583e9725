import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";

/** What these handlers use of the core. */
export type ProxyHandlerDeps = Pick<Core, "proxySignIns" | "accounts" | "tracker" | "outbox" | "bulk">;

/** A proxy's sign-in, asked of the person in the window when the proxy answers 407. */
export function proxyHandlers(core: ProxyHandlerDeps): Pick<HandlerImplementations, "proxyWaiting" | "proxySignIn"> {
  return {
    proxyWaiting: () => core.proxySignIns.waiting(),
    proxySignIn: async ({ proxy, credentials }) => {
      await core.proxySignIns.signIn(proxy, credentials);
      // What waited for the service (status checks, queued sends, a batch) tries again now, through the proxy.
      core.tracker.resume();
      for (const account of core.accounts.list()) {
        core.outbox.reachable(account.id);
        core.bulk.serviceAnswered(account.id);
      }
      return null;
    },
  };
}
