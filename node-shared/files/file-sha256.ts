import { createHash } from "node:crypto";
import { open } from "node:fs/promises";

/** Read a megabyte at a time, into one buffer: hashing a 50 MB upload leaves no 50 MB of chunks for the GC. */
const chunkBytes = 1024 * 1024;

/** SHA-256 (lowercase hex) of a file's contents. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  const handle = await open(file, "r");
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}
