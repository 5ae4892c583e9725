import { limits } from "../../../common/fields";

/** Largest file the app opens as a draft (main checks too); the service itself accepts PDFs up to 50 MB. */
export const maxDraftFileBytes = 100 * 1024 * 1024;

const accepted = /\.(pdf|docx|doc)$/i;

export type DroppedFile = { ok: true; fileName: string; bytes: Uint8Array } | { ok: false; message: string };

/** Reads a file the user chose or dropped, refusing at once what cannot become a draft. */
export async function readDraftFile(file: File): Promise<DroppedFile> {
  if (!accepted.test(file.name)) {
    return { ok: false, message: `${file.name} is not a PDF or Word document (.pdf, .docx or .doc).` };
  }
  if (file.size === 0) return { ok: false, message: `${file.name} is empty.` };
  if (file.size > maxDraftFileBytes) {
    const megabytes = Math.round(file.size / (1024 * 1024));
    return {
      ok: false,
      message: `${file.name} is ${megabytes} MB; Signdesk opens files up to ${maxDraftFileBytes / (1024 * 1024)} MB, and the service accepts PDFs up to 50 MB.`,
    };
  }
  // A PDF is uploaded as it is; a Word document may shrink in conversion, so main judges its PDF.
  if (/\.pdf$/i.test(file.name) && file.size > limits.maxUploadBytes) {
    const megabytes = Math.round(file.size / (1024 * 1024));
    return {
      ok: false,
      message: `${file.name} is ${megabytes} MB; the service accepts PDFs up to ${limits.maxUploadBytes / (1024 * 1024)} MB.`,
    };
  }
  return { ok: true, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
