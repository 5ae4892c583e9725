import { limits } from "../../../common/fields";

/** Largest file the app opens as a draft (main checks too); the service itself accepts PDFs up to 50 MB. */
export const maxDraftFileBytes = 100 * 1024 * 1024;

const accepted = /\.(pdf|docx|doc)$/i;

export type DroppedFile = { ok: true; fileName: string; bytes: Uint8Array } | { ok: false; message: string };

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Reads a file the user chose or dropped, refusing at once what cannot become a draft. */
export async function readDraftFile(file: File): Promise<DroppedFile> {
  if (!accepted.test(file.name)) {
    return { ok: false, message: `${file.name} is not a PDF or Word document (.pdf, .docx or .doc).` };
  }
  if (file.size === 0) return { ok: false, message: `${file.name} is empty.` };
  const serviceLimit = `the service accepts PDFs up to ${megabytes(limits.maxUploadBytes)} MB`;
  if (file.size > maxDraftFileBytes) {
    const opened = `Signdesk opens files up to ${megabytes(maxDraftFileBytes)} MB`;
    return { ok: false, message: `${file.name} is ${megabytes(file.size)} MB; ${opened}, and ${serviceLimit}.` };
  }
  // A PDF is uploaded as it is; a Word document may shrink in conversion, so main judges its PDF.
  if (/\.pdf$/i.test(file.name) && file.size > limits.maxUploadBytes) {
    return { ok: false, message: `${file.name} is ${megabytes(file.size)} MB; ${serviceLimit}.` };
  }
  return { ok: true, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
