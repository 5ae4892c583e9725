import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProxyCredentials } from "../../common/proxy";
import { downloadFinalPdf } from "../../main/downloads/download-final-pdf";
import { createServiceClient } from "../../main/service/client";
import type { ProxySettings } from "../../main/service/proxy-agents";
import { trustSystemCertificates } from "../../main/service/trusted-certificates";

/**
 * Usage: fork(this file, [baseUrl, "client" | "fetch" | "download", proxy?, credentials?], { execArgv: ["--import",
 * "tsx"], env }). Lists the documents of the service at `baseUrl` as main's client does, or fetches them as a final
 * PDF's download did before it knew proxies (which first makes the system's certificates the default), or downloads
 * `${baseUrl}/final.pdf` as a final PDF's download does; through the HTTP proxy `proxy` ("host:port", signed in with
 * the JSON `credentials`) when given. Sends "reached" or the error's message (and its cause's). Its own process, so
 * that the environment given (SSL_CERT_FILE) is the one Node reads the system's certificate store with.
 */
const [baseUrl = "", how = "client", proxyAddress, credentials] = process.argv.slice(2);
const proxy: ProxySettings | undefined =
  proxyAddress === undefined
    ? undefined
    : {
        resolve: async () => `PROXY ${proxyAddress}`,
        credentials: async () => (credentials === undefined ? null : (JSON.parse(credentials) as ProxyCredentials)),
      };
const describe = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
    : String(error);
/** As download-final-pdf.ts does before its fetch. */
function fetchListing(): Promise<unknown> {
  trustSystemCertificates();
  return fetch(`${baseUrl}/getAllDocuments`).then((response) => response.json());
}
async function download(): Promise<unknown> {
  const directory = await mkdtemp(path.join(tmpdir(), "signdesk-download-"));
  try {
    return await downloadFinalPdf({
      finalUrl: `${baseUrl}/final.pdf`,
      refreshUrl: async () => null,
      directory,
      documentName: "Through the proxy",
      ...(proxy === undefined ? {} : { proxy }),
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
const listed =
  how === "fetch"
    ? fetchListing()
    : how === "download"
      ? download()
      : createServiceClient({
          baseUrl,
          apiKey: async () => "test-key-0123456789abcdef0123456789",
          maxGetAttempts: 1,
          ...(proxy === undefined ? {} : { proxy }),
        }).getAllDocuments();
listed.then(
  () => process.send?.("reached"),
  (error: unknown) => process.send?.(describe(error)),
);
