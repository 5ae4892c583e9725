import { isIP } from "node:net";

/**
 * The proxy for `url` from the environment, in PAC form, as curl and Chromium on a Linux desktop without proxy settings
 * read it: `https_proxy` / `HTTPS_PROXY` for https, `http_proxy` / `HTTP_PROXY` for http (the upper-case one only
 * outside CGI), `all_proxy` for either; `no_proxy` lists hosts that go direct ("*" for all, a name for it and its
 * subdomains, an address, an optional ":port"). Loopback always goes direct (Chromium's implicit rule): the built-in
 * sandbox is on 127.0.0.1. For main run as plain Node; the app asks Electron's session instead.
 */
export function envProxyFor(url: string, env: NodeJS.ProcessEnv = process.env): string {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isLoopback(host)) return "DIRECT";
  const read = (name: string) => env[name.toLowerCase()] ?? env[name.toUpperCase()];
  const configured =
    (target.protocol === "https:"
      ? read("https_proxy")
      : (env.http_proxy ?? (env.REQUEST_METHOD === undefined ? env.HTTP_PROXY : undefined))) ?? read("all_proxy");
  if (configured === undefined || configured.trim() === "") return "DIRECT";
  const port = target.port === "" ? (target.protocol === "https:" ? "443" : "80") : target.port;
  if (bypassed(read("no_proxy") ?? "", host, port)) return "DIRECT";
  const proxy = new URL(configured.includes("://") ? configured : `http://${configured}`);
  const defaultPort = proxy.protocol === "https:" ? "443" : proxy.protocol === "http:" ? "80" : "1080";
  const proxyPort = proxy.port === "" ? defaultPort : proxy.port;
  const scheme = proxy.protocol === "https:" ? "HTTPS" : proxy.protocol === "http:" ? "PROXY" : "SOCKS5";
  return `${scheme} ${proxy.hostname}:${proxyPort}`;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host);
}

function bypassed(noProxy: string, host: string, port: string): boolean {
  for (const raw of noProxy.split(/[\s,]+/)) {
    const rule = raw.trim().toLowerCase();
    if (rule === "") continue;
    if (rule === "*") return true;
    const withPort = /^(.*?)(?::(\d+))?$/.exec(rule.replace(/^\[|\](?=:\d+$|$)/g, ""));
    const ruleHost = (withPort?.[1] ?? rule).replace(/^\*?\./, "");
    const rulePort = withPort?.[2];
    if (rulePort !== undefined && rulePort !== port) continue;
    if (isIP(host) !== 0 ? host === ruleHost : host === ruleHost || host.endsWith(`.${ruleHost}`)) return true;
  }
  return false;
}
