import tls, { createSecureContext, getCACertificates, type SecureContext } from "node:tls";

let context: SecureContext | undefined;
let trusted: string[] | undefined;
let madeDefault = false;

/** Every certificate from `read`, or none when this platform's Node cannot read that store. */
function certificates(read: () => string[]): string[] {
  try {
    return read();
  } catch {
    return [];
  }
}

/**
 * What main's HTTPS requests trust: Node's own roots (and NODE_EXTRA_CA_CERTS, when Node reads it) and the operating
 * system's store, where a company puts the root of its TLS-inspecting gateway (on Linux OpenSSL's store, which
 * SSL_CERT_FILE and SSL_CERT_DIR point elsewhere). Node trusts only its own list unless started with
 * --use-system-ca, which Electron's main takes no switch for.
 */
function trustedCertificates(): string[] {
  trusted ??= [
    ...new Set([
      ...certificates(() => getCACertificates("default")),
      ...certificates(() => getCACertificates("system")),
    ]),
  ];
  return trusted;
}

/**
 * The context the service client's connections use. One for every connection: giving the certificates themselves to
 * each would parse some 600 of them per connection.
 */
export function trustedContext(): SecureContext {
  context ??= createSecureContext({ ca: trustedCertificates() });
  return context;
}

/**
 * Makes those certificates the default of every TLS connection main makes from now on (the final PDF's download goes
 * through `fetch`, which takes no context of its own); once. A Node without tls.setDefaultCACertificates (before
 * 22.19 and 24.5) keeps its own list there; the service client trusts the system's store either way.
 */
export function trustSystemCertificates(): void {
  if (madeDefault) return;
  madeDefault = true;
  const setDefault = (tls as { setDefaultCACertificates?: (certificates: string[]) => void }).setDefaultCACertificates;
  setDefault?.(trustedCertificates());
}
