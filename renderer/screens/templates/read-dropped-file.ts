import type { IntlShape } from "react-intl";
import { limits } from "../../../common/fields";
import { defineMessages } from "../../../common/i18n/define-messages";

const appName = "Signdesk";

const messages = defineMessages({
  notDocument: {
    id: "templates.file.notDocument",
    defaultMessage: "{fileName} is not a PDF or Word document (.pdf, .docx or .doc).",
  },
  empty: { id: "templates.file.empty", defaultMessage: "{fileName} is empty." },
  tooLargeToOpen: {
    id: "templates.file.tooLargeToOpen",
    defaultMessage:
      "{fileName} is {size, number} MB; {appName} opens files up to {opened, number} MB, and the service accepts PDFs up to {accepted, number} MB.",
  },
  tooLargeToUpload: {
    id: "templates.file.tooLargeToUpload",
    defaultMessage: "{fileName} is {size, number} MB; the service accepts PDFs up to {accepted, number} MB.",
  },
});

/** Largest file the app opens as a draft (main checks too); the service itself accepts PDFs up to 50 MB. */
export const maxDraftFileBytes = 100 * 1024 * 1024;

const accepted = /\.(pdf|docx|doc)$/i;

export type DroppedFile = { ok: true; fileName: string; bytes: Uint8Array } | { ok: false; message: string };

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Reads a file the user chose or dropped, refusing at once what cannot become a draft. */
export async function readDraftFile(intl: IntlShape, file: File): Promise<DroppedFile> {
  const fileName = file.name;
  if (!accepted.test(fileName)) {
    return { ok: false, message: intl.formatMessage(messages.notDocument, { fileName }) };
  }
  if (file.size === 0) return { ok: false, message: intl.formatMessage(messages.empty, { fileName }) };
  const size = megabytes(file.size);
  const acceptedMb = megabytes(limits.maxUploadBytes);
  if (file.size > maxDraftFileBytes) {
    return {
      ok: false,
      message: intl.formatMessage(messages.tooLargeToOpen, {
        fileName,
        size,
        appName,
        opened: megabytes(maxDraftFileBytes),
        accepted: acceptedMb,
      }),
    };
  }
  // A PDF is uploaded as it is; a Word document may shrink in conversion, so main judges its PDF.
  if (/\.pdf$/i.test(fileName) && file.size > limits.maxUploadBytes) {
    return {
      ok: false,
      message: intl.formatMessage(messages.tooLargeToUpload, { fileName, size, accepted: acceptedMb }),
    };
  }
  return { ok: true, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
