import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { checkServerIdentity, type PeerCertificate, type SecureContext } from "node:tls";
import { HttpsProxyAgent } from "https-proxy-agent";
import type { ProxyCredentials } from "../../common/proxy";
import type { ProxyChoice } from "./proxy-choice";

/** What the client asks of the system about proxies. */
export interface ProxySettings {
  /** The system's answer for `url` in PAC form ("DIRECT", "PROXY host:port; DIRECT"…: proxy-choice.ts). */
  resolve(url: string): Promise<string>;
  /** The user name and password kept for a proxy ("host:port"), or null. */
  credentials(address: string): Promise<ProxyCredentials | null>;
}

type Proxy = Extract<ProxyChoice, { kind: "proxy" }>;

/** An http request sent to the proxy in the absolute form: where the proxy is, and the header that signs in. */
export interface Forward {
  host: string;
  port: number;
  secure: boolean;
  headers: Record<string, string>;
}

/** How a request goes through a proxy: its agent, and for an http target, the proxy it is sent to. */
export interface Proxied {
  agent: http.Agent;
  forward: Forward | null;
}

/**
 * How requests reach a host through an HTTP proxy, as Chromium and curl do: https through a CONNECT tunnel
 * (https-proxy-agent; the service's TLS is end to end, checked against `secureContext` as a direct connection's is),
 * http in the absolute form ("POST http://host/path", sent to the proxy; written here: http-proxy-agent 7 sends a
 * request whose body was written before its socket twice). One agent per proxy, target scheme and connection reuse;
 * new credentials replace it. The request body streams through either as it does direct: nothing is buffered here.
 */
export class ProxyAgents {
  private readonly agents = new Map<string, { credentials: string; agent: http.Agent }>();

  constructor(private readonly secureContext: () => SecureContext) {}

  agentFor(proxy: Proxy, target: URL, keepAlive: boolean, credentials: ProxyCredentials | null): Proxied {
    const key = `${proxy.secure ? "https" : "http"} ${proxy.address} ${target.protocol} ${keepAlive ? "reuse" : "fresh"}`;
    const signedIn = credentials === null ? "" : JSON.stringify([credentials.username, credentials.password]);
    const proxyUrl = new URL(`${proxy.secure ? "https" : "http"}://${proxy.address}`);
    const forward = (): Forward => ({
      host: proxyUrl.hostname.replace(/^\[|\]$/g, ""),
      port: Number(proxyUrl.port || (proxy.secure ? 443 : 80)),
      secure: proxy.secure,
      headers: credentials === null ? {} : { "proxy-authorization": basic(credentials) },
    });
    const known = this.agents.get(key);
    if (known !== undefined && known.credentials === signedIn)
      return { agent: known.agent, forward: target.protocol === "https:" ? null : forward() };
    known?.agent.destroy();
    if (credentials !== null) {
      // https-proxy-agent decodes these (decodeURIComponent) into the Proxy-Authorization header.
      proxyUrl.username = encodeURIComponent(credentials.username);
      proxyUrl.password = encodeURIComponent(credentials.password);
    }
    const options = { keepAlive, ...(keepAlive ? { maxSockets: 6 } : {}), secureContext: this.secureContext() };
    const agent =
      target.protocol === "https:"
        ? new TrustingProxyAgent(proxyUrl, options)
        : proxy.secure
          ? new https.Agent(options)
          : new http.Agent(options);
    this.agents.set(key, { credentials: signedIn, agent });
    return { agent, forward: target.protocol === "https:" ? null : forward() };
  }
}

/**
 * https-proxy-agent upgrades the tunnel to TLS with the request's options only (its own options reach the connection
 * to the proxy, not the service's handshake): the trusted context is added to them, so that the service's certificate
 * is checked against the system's store through a proxy as it is direct.
 */
class TrustingProxyAgent extends HttpsProxyAgent<string> {
  constructor(
    proxy: URL,
    private readonly trusted: http.AgentOptions & { secureContext: SecureContext },
  ) {
    super(proxy, trusted);
  }

  override connect(req: http.ClientRequest, options: Parameters<HttpsProxyAgent<string>["connect"]>[1]) {
    // Read by tls.connect when the tunnel is upgraded (secureEndpoint); the type names only what agent-base reads. A
    // service named by its IP address gets no servername, and the upgrade leaves its host out: its certificate is
    // then checked against that address, not against tls.connect's default "localhost".
    const host = options.host ?? "";
    const withContext = {
      ...options,
      secureContext: this.trusted.secureContext,
      ...(isIP(host) === 0
        ? {}
        : {
            checkServerIdentity: (_name: string, certificate: PeerCertificate) =>
              checkServerIdentity(host, certificate),
          }),
    };
    return super.connect(req, withContext as typeof options);
  }
}

/** The Proxy-Authorization header's value for Basic authentication. */
export const basic = (credentials: ProxyCredentials) =>
  `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
