import { defineMessages } from "../../common/i18n/define-messages";

/** The final PDF's download: why it failed. */
export const downloadMessages = defineMessages({
  permissionDenied: {
    id: "main.downloads.permissionDenied",
    defaultMessage: "Cannot save into {directory}: permission denied.",
    description: "{directory} is a folder's path.",
  },
  noFolder: { id: "main.downloads.noFolder", defaultMessage: "The folder {directory} does not exist." },
  noSpace: { id: "main.downloads.noSpace", defaultMessage: "There is no space left to save into {directory}." },
  cannotSave: {
    id: "main.downloads.cannotSave",
    defaultMessage: "Cannot save into {directory}: {reason}",
    description: "{reason} is the system's own error message.",
  },
  proxyRefusedSignIn: {
    id: "main.downloads.proxyRefusedSignIn",
    defaultMessage: "The proxy {address} refused the user name and password Signdesk keeps for it.",
  },
  proxyAsksSignIn: {
    id: "main.downloads.proxyAsksSignIn",
    defaultMessage: "The proxy {address} asks for a user name and password.",
  },
  tooLong: { id: "main.downloads.tooLong", defaultMessage: "The download took too long and was stopped." },
  failed: {
    id: "main.downloads.failed",
    defaultMessage: "The download failed: {reason}",
    description: "{reason} is a technical error message, in English.",
  },
  notReady: { id: "main.downloads.notReady", defaultMessage: "This document has no final PDF yet." },
  serviceFailed: {
    id: "main.downloads.serviceFailed",
    defaultMessage: "The service could not provide the PDF (HTTP {status}).",
  },
  notPdf: {
    id: "main.downloads.notPdf",
    defaultMessage: "The service sent something that is not a PDF; nothing was saved.",
  },
  interrupted: {
    id: "main.downloads.interrupted",
    defaultMessage: "The download was interrupted: {reason}",
    description: "{reason} is a technical error message, in English.",
  },
});
