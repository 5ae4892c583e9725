import { createServiceClient } from "../../main/service/client";
import { trustSystemCertificates } from "../../main/service/trusted-certificates";

/**
 * Usage: fork(this file, [baseUrl, "client" | "fetch"], { execArgv: ["--import", "tsx"], env }). Lists the documents
 * of the service at `baseUrl` as main's client does, or fetches them as a final PDF's download does (which first
 * makes the system's certificates the default), once, and sends "reached" or the error's message (and its cause's). Its own process, so that the
 * environment given (SSL_CERT_FILE) is the one Node reads the system's certificate store with.
 */
const [baseUrl = "", how = "client"] = process.argv.slice(2);
const describe = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
    : String(error);
/** As download-final-pdf.ts does before its fetch. */
function fetchListing(): Promise<unknown> {
  trustSystemCertificates();
  return fetch(`${baseUrl}/getAllDocuments`).then((response) => response.json());
}
const listed =
  how === "fetch"
    ? fetchListing()
    : createServiceClient({ baseUrl, apiKey: async () => "test-key", maxGetAttempts: 1 }).getAllDocuments();
listed.then(
  () => process.send?.("reached"),
  (error: unknown) => process.send?.(describe(error)),
);
