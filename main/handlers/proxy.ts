import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";

/** What these handlers use of the core. */
export type ProxyHandlerDeps = Pick<Core, "proxySignIns" | "accounts" | "gates">;

/** A proxy's sign-in, asked of the person in the window when the proxy answers 407. */
export function proxyHandlers(core: ProxyHandlerDeps): Pick<HandlerImplementations, "proxyWaiting" | "proxySignIn"> {
  return {
    proxyWaiting: () => core.proxySignIns.waiting(),
    proxySignIn: async ({ proxy, credentials }) => {
      await core.proxySignIns.signIn(proxy, credentials);
      // What waited for the service (status checks, queued sends, a batch) tries again now, through the proxy.
      for (const account of core.accounts.list()) core.gates.answered(account.id);
      return null;
    },
  };
}
