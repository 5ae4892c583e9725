/**
 * Node's own `fs` functions, taken before the asar layer replaces them: Electron's `original-fs`
 * (docs/tutorial/asar-archives.md, "Treating an ASAR archive as a Normal File"). The layer reads archives and
 * unpacked files through these.
 */
import fs from "node:fs";

export const originalFs = { ...fs };
export const originalPromises = { ...fs.promises };
