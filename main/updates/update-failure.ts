import { ServiceError } from "../service/service-error";

/** Node's codes of a connection that never got an answer. */
const unreachableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"]);

/**
 * What a failed check, download or install means to the person, in one sentence: electron-updater's errors carry a
 * code (ERR_CHECKSUM_MISMATCH…) or an HTTP status, and a long technical text that is for the log only.
 */
export function describeUpdateFailure(error: unknown): string {
  if (error instanceof ServiceError) return error.message;
  const { code, statusCode, message } = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  switch (code) {
    case "ERR_CHECKSUM_MISMATCH":
      return "The downloaded update did not match its published checksum, so it was discarded and nothing was installed. Signdesk tries again later.";
    case "ERR_UPDATER_CHANNEL_FILE_NOT_FOUND":
    case "ERR_UPDATER_LATEST_VERSION_NOT_FOUND":
    case "ERR_UPDATER_NO_PUBLISHED_VERSIONS":
      return "The update server has no release for this platform yet.";
    case "ERR_UPDATER_INVALID_UPDATE_INFO":
    case "ERR_UPDATER_INVALID_VERSION":
    case "ERR_UPDATER_NO_FILES_PROVIDED":
    case "ERR_UPDATER_ASSET_NOT_FOUND":
      return "The update server's description of the new version could not be read; nothing was downloaded.";
    case "ERR_UPDATE_NOT_HTTPS":
      return "The update server sent the download on to an address without HTTPS; it was not followed, and nothing was installed.";
    case "ERR_UPDATER_OLD_FILE_NOT_FOUND":
      return "This copy of Signdesk cannot be found where it was started from, so it cannot be replaced.";
  }
  if (typeof code === "string" && unreachableCodes.has(code))
    return "The update server could not be reached. Signdesk tries again later.";
  if (statusCode === 407) return "The proxy asks for a user name and password before Signdesk can check for updates.";
  if (typeof statusCode === "number")
    return `The update server answered HTTP ${statusCode}. Signdesk tries again later.`;
  const status = typeof message === "string" ? /status (\d{3})/.exec(message) : null;
  if (status !== null) return `The update server answered HTTP ${status[1]}. Signdesk tries again later.`;
  return "The update could not be checked or downloaded. Signdesk tries again later.";
}
