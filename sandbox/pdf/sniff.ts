import { open } from "node:fs/promises";

export type UploadKind = "pdf" | "docx" | "doc" | "empty" | "unknown";

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
    if (start.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return "doc";
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
