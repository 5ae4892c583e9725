import type http from "node:http";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { type Forward, ProxyAgents, type ProxySettings } from "./proxy-agents";
import { ServiceError } from "./service-error";
import { systemProxyFor } from "./system-proxy";
import { trustedContext } from "./trusted-certificates";

const messages = defineMessages({
  proxyRefusedSignIn: {
    id: "main.service.proxyRefusedSignIn",
    defaultMessage: "The proxy {address} refused the user name and password Signdesk keeps for it.",
  },
  proxyAsksSignIn: {
    id: "main.service.proxyAsksSignIn",
    defaultMessage: "The proxy {address} asks for a user name and password.",
  },
  proxyDidNotConnect: {
    id: "main.service.proxyDidNotConnect",
    defaultMessage:
      "The proxy {address} did not connect to {origin} (HTTP {status}{hasText, select, yes { {statusText}} other {}}).",
    description: "{statusText} is the proxy's own words after the status, e.g. Bad Gateway; it may be empty.",
  },
});

/** How one request goes: its agent, the proxy it goes through (null: direct), and whether credentials were given. */
export interface RequestRoute {
  agent: http.Agent;
  /** For an http target through a proxy: the proxy the request is sent to in the absolute form. */
  forward: Forward | null;
  proxy: string | null;
  signedIn: boolean;
}

interface RouteOptions {
  /** The service's origin, as failures name it. */
  origin: string;
  proxy: ProxySettings | undefined;
  onProxySignInNeeded: ((address: string) => void) | undefined;
  /** The agent of a direct request. */
  direct: (url: URL, method: "GET" | "POST") => http.Agent;
}

/** The service client's routes: direct, or through the proxy the system's settings give for the address. */
export function requestRoutes(options: RouteOptions) {
  const { direct, origin } = options;
  const proxies = new ProxyAgents(trustedContext);
  /** How a request to `url` goes: its agent, and the proxy it goes through (null: direct). */
  const routeFor = async (url: URL, method: "GET" | "POST"): Promise<RequestRoute> => {
    const system = await systemProxyFor(options.proxy, url);
    if (system.kind === "refused") throw new ServiceError({ category: "network", message: system.message });
    if (system.kind === "direct") return { agent: direct(url, method), forward: null, proxy: null, signedIn: false };
    const { proxy, credentials } = system;
    return {
      ...proxies.agentFor(proxy, url, method === "GET", credentials),
      proxy: proxy.address,
      signedIn: credentials !== null,
    };
  };
  /** A proxy refused the request (407, or a CONNECT it did not make): the service was never reached. */
  const proxyFailure = (route: RequestRoute, status: number, statusText: string): ServiceError => {
    const address = route.proxy ?? "";
    if (status === 407) {
      options.onProxySignInNeeded?.(address);
      return new ServiceError({
        category: "network",
        status,
        message: phrase(route.signedIn ? messages.proxyRefusedSignIn : messages.proxyAsksSignIn, { address }),
      });
    }
    return new ServiceError({
      category: "network",
      status,
      message: phrase(messages.proxyDidNotConnect, {
        address,
        origin,
        status,
        statusText,
        hasText: statusText === "" ? "no" : "yes",
      }),
    });
  };

  return { routeFor, proxyFailure };
}
