import { defineMessages } from "../../common/i18n/define-messages";
import { type PhraseOrText, phrase } from "../../common/i18n/phrase";
import { ServiceError } from "../service/service-error";

const messages = defineMessages({
  checksum: {
    id: "main.updates.checksum",
    defaultMessage:
      "The downloaded update did not match its published checksum, so it was discarded and nothing was installed. Signdesk tries again later.",
  },
  noRelease: {
    id: "main.updates.noRelease",
    defaultMessage: "The update server has no release for this platform yet.",
  },
  unreadableInfo: {
    id: "main.updates.unreadableInfo",
    defaultMessage: "The update server's description of the new version could not be read; nothing was downloaded.",
  },
  notHttps: {
    id: "main.updates.notHttps",
    defaultMessage:
      "The update server sent the download on to an address without HTTPS; it was not followed, and nothing was installed.",
  },
  copyMissing: {
    id: "main.updates.copyMissing",
    defaultMessage: "This copy of Signdesk cannot be found where it was started from, so it cannot be replaced.",
  },
  offline: {
    id: "main.updates.offline",
    defaultMessage: "The update server could not be reached. Signdesk tries again later.",
  },
  proxySignIn: {
    id: "main.updates.proxySignIn",
    defaultMessage: "The proxy asks for a user name and password before Signdesk can check for updates.",
  },
  httpStatus: {
    id: "main.updates.httpStatus",
    defaultMessage: "The update server answered HTTP {status}. Signdesk tries again later.",
    description: "{status} is an HTTP status code such as 503.",
  },
  failed: {
    id: "main.updates.failed",
    defaultMessage: "The update could not be checked or downloaded. Signdesk tries again later.",
  },
});

/** Node's codes of a connection that never got an answer. */
const unreachableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"]);

/**
 * What a failed check, download or install means to the person, in one sentence: electron-updater's errors carry a
 * code (ERR_CHECKSUM_MISMATCH…) or an HTTP status, and a long technical text that is for the log only.
 */
export function describeUpdateFailure(error: unknown): PhraseOrText {
  if (error instanceof ServiceError) return error.words;
  const { code, statusCode, message } = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  switch (code) {
    case "ERR_CHECKSUM_MISMATCH":
      return phrase(messages.checksum);
    case "ERR_UPDATER_CHANNEL_FILE_NOT_FOUND":
    case "ERR_UPDATER_LATEST_VERSION_NOT_FOUND":
    case "ERR_UPDATER_NO_PUBLISHED_VERSIONS":
      return phrase(messages.noRelease);
    case "ERR_UPDATER_INVALID_UPDATE_INFO":
    case "ERR_UPDATER_INVALID_VERSION":
    case "ERR_UPDATER_NO_FILES_PROVIDED":
    case "ERR_UPDATER_ASSET_NOT_FOUND":
      return phrase(messages.unreadableInfo);
    case "ERR_UPDATE_NOT_HTTPS":
      return phrase(messages.notHttps);
    case "ERR_UPDATER_OLD_FILE_NOT_FOUND":
      return phrase(messages.copyMissing);
  }
  if (typeof code === "string" && unreachableCodes.has(code)) return phrase(messages.offline);
  if (statusCode === 407) return phrase(messages.proxySignIn);
  // The status as digits, as the server sent it ("HTTP 503", never "HTTP 5,03").
  if (typeof statusCode === "number") return phrase(messages.httpStatus, { status: String(statusCode) });
  const status = typeof message === "string" ? /status (\d{3})/.exec(message) : null;
  if (status?.[1] !== undefined) return phrase(messages.httpStatus, { status: status[1] });
  return phrase(messages.failed);
}
