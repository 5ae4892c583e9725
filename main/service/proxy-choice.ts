/**
 * How a request reaches a host, from the system's answer in PAC form: Electron's `session.resolveProxy` answers as
 * Chromium's ProxyInfo::ToPacString does ("DIRECT", "PROXY host:port", "HTTPS host:port", "SOCKS5 host:port"…, several
 * separated by ";" as fallbacks, in order).
 */
export type ProxyChoice =
  | { kind: "direct" }
  /** An HTTP proxy (CONNECT for https, the absolute form for http); `secure`: spoken to over TLS ("HTTPS"). */
  | { kind: "proxy"; address: string; secure: boolean }
  /** Only proxies Signdesk cannot speak (SOCKS, QUIC): said, rather than going direct against the settings. */
  | { kind: "unsupported"; entries: string };

const entryPattern = /^(DIRECT|PROXY|HTTPS|HTTP|SOCKS|SOCKS4|SOCKS5|QUIC)(?:\s+(\S+))?$/i;

export function parseProxyChoice(pac: string): ProxyChoice {
  const entries = pac
    .split(";")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return { kind: "direct" };
  for (const entry of entries) {
    const match = entryPattern.exec(entry);
    if (match === null) continue;
    const scheme = (match[1] ?? "").toUpperCase();
    const address = match[2];
    if (scheme === "DIRECT") return { kind: "direct" };
    if (address === undefined) continue;
    if (scheme === "PROXY" || scheme === "HTTP") return { kind: "proxy", address, secure: false };
    if (scheme === "HTTPS") return { kind: "proxy", address, secure: true };
  }
  return { kind: "unsupported", entries: entries.join("; ") };
}
