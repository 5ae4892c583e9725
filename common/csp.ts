/**
 * The Content-Security-Policy of the app's page, served as a header by the app protocol and
 * as a meta tag in index.html. No inline script and no eval; 'wasm-unsafe-eval' lets pdf.js's
 * worker compile its WebAssembly image decoders, which is all the page needs beyond 'self'.
 */
export interface CspOptions {
  /** Vite dev server origin: allows its inline preamble, injected styles and HMR socket. */
  devServerOrigin?: string;
}

export function cspDirectives(options: CspOptions = {}): Record<string, string[]> {
  const dev = options.devServerOrigin;
  const hmrSocket = dev === undefined ? [] : [dev.replace(/^http/, "ws")];
  return {
    "default-src": ["'none'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'", ...(dev === undefined ? [] : ["'unsafe-inline'"])],
    "worker-src": ["'self'"],
    "style-src": ["'self'", ...(dev === undefined ? [] : ["'unsafe-inline'"])],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...hmrSocket],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
  };
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  return serialize(cspDirectives(options));
}

/** frame-ancestors is ignored (with a console warning) in a meta tag, so it is left to the header. */
export function contentSecurityPolicyForMeta(options: CspOptions = {}): string {
  const { "frame-ancestors": _headerOnly, ...rest } = cspDirectives(options);
  return serialize(rest);
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
