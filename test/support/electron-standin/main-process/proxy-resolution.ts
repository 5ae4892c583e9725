/**
 * session.resolveProxy as Chromium answers it on Linux without a desktop's proxy settings (ProxyConfigServiceLinux,
 * "GetConfigFromEnv"), after the command line (`--no-proxy-server`, `--proxy-server`, `--proxy-bypass-list`): a PAC
 * string ("DIRECT", "PROXY host:port", "HTTPS host:port", "SOCKS5 host:port"). Loopback always goes direct (Chromium's
 * implicit bypass rule). Written from Chromium's documented behaviour, apart from the app's own reading of the
 * environment, so that the two can disagree.
 */
export function resolveProxyAsChromium(
  url: string,
  switches: { has(name: string): boolean; value(name: string): string },
  env: NodeJS.ProcessEnv,
): string {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1" || host.startsWith("127.")) return "DIRECT";
  if (switches.has("no-proxy-server")) return "DIRECT";
  const scheme = target.protocol.replace(/:$/, "");
  if (switches.has("proxy-server")) {
    if (matchesBypass(switches.value("proxy-bypass-list").split(/[;,]/), host)) return "DIRECT";
    return pacOf(pickFromRules(switches.value("proxy-server"), scheme));
  }
  const read = (name: string) => env[name] ?? env[name.toUpperCase()];
  const all = read("all_proxy");
  const chosen =
    all ??
    read(`${scheme}_proxy`) ??
    (read("socks_server") === undefined ? undefined : `socks5://${read("socks_server")}`);
  if (chosen === undefined || chosen === "") return "DIRECT";
  if (matchesBypass((read("no_proxy") ?? "").split(","), host)) return "DIRECT";
  return pacOf(chosen);
}

/** "http=h:p;https=h2:p2" or one proxy for every scheme. */
function pickFromRules(rules: string, scheme: string): string | undefined {
  if (!rules.includes("=")) return rules;
  for (const rule of rules.split(";")) {
    const [name, proxy] = rule.split("=");
    if (name?.trim() === scheme) return proxy?.trim();
  }
  return undefined;
}

function pacOf(proxy: string | undefined): string {
  if (proxy === undefined || proxy.trim() === "") return "DIRECT";
  const parsed = new URL(proxy.includes("://") ? proxy : `http://${proxy}`);
  const defaults: Record<string, string> = { "http:": "80", "https:": "443" };
  const port = parsed.port === "" ? (defaults[parsed.protocol] ?? "1080") : parsed.port;
  const kind = parsed.protocol === "https:" ? "HTTPS" : parsed.protocol === "http:" ? "PROXY" : "SOCKS5";
  return `${kind} ${parsed.hostname}:${port}`;
}

/** Suffix matching, as Chromium reads no_proxy: "example.com" and ".example.com" match it and its subdomains. */
function matchesBypass(rules: string[], host: string): boolean {
  return rules.some((raw) => {
    const rule = raw.trim().toLowerCase().replace(/:\d+$/, "");
    if (rule === "") return false;
    if (rule === "*") return true;
    const suffix = rule.replace(/^\*/, "").replace(/^\./, "");
    return host === suffix || host.endsWith(`.${suffix}`);
  });
}
