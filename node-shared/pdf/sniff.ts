import { type FileHandle, open } from "node:fs/promises";
import { oleSignature, readOleFile } from "./ole-directory";

/** "protected": a password-protected Word document (an encrypted .docx, or a .doc with its encryption flag set). */
export type UploadKind = "pdf" | "docx" | "doc" | "protected" | "empty" | "unknown";

/** Word's FIB starts a legacy document's WordDocument stream: its identifier, and the flag of an encrypted one. */
const fib = { ident: 0xa5ec, flagsOffset: 0x0a, encrypted: 0x0100 };

/**
 * An OLE compound file is a legacy .doc, unless it holds an encrypted OOXML package (EncryptionInfo and
 * EncryptedPackage: how a password-protected .docx is stored) or is a .doc whose FIB says it is encrypted.
 * Anything unreadable in it is left for LibreOffice to judge, as a .doc.
 */
async function oleKind(handle: FileHandle): Promise<"doc" | "protected"> {
  const ole = await readOleFile(handle).catch(() => null);
  if (ole === null) return "doc";
  if (ole.streams.has("EncryptionInfo") && ole.streams.has("EncryptedPackage")) return "protected";
  const word = ole.streams.get("WordDocument");
  if (word === undefined) return "doc";
  const start = await ole.streamStart(word, 12).catch(() => null);
  if (start === null || start.readUInt16LE(0) !== fib.ident) return "doc";
  return (start.readUInt16LE(fib.flagsOffset) & fib.encrypted) !== 0 ? "protected" : "doc";
}

/** What an uploaded file is, from its first bytes (the declared content type is not trusted). */
export async function sniffUpload(file: string): Promise<UploadKind> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) return "empty";
    const start = head.subarray(0, bytesRead);
    if (start.includes(Buffer.from("%PDF-"))) return "pdf";
    if (start.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return "docx";
    if (start.subarray(0, 8).equals(oleSignature)) return await oleKind(handle);
    return "unknown";
  } finally {
    await handle.close();
  }
}

/** A complete PDF ends with %%EOF (allowing trailing whitespace or a little garbage). */
export async function endsWithEofMarker(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 2048);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    return tail.includes(Buffer.from("%%EOF"));
  } finally {
    await handle.close();
  }
}
