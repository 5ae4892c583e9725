import { renameSync } from "node:fs";
import { rename } from "node:fs/promises";

/** `2026-11-23T19-20-05-123Z`: a time for a file name, sorting by time, valid on every system. */
export function fileNameTime(now = new Date()): string {
  return now.toISOString().replaceAll(":", "-").replaceAll(".", "-");
}

/** `<file>.damaged-<time>`: beside the original, dated. */
export function damagedName(file: string, now = new Date()): string {
  return `${file}.damaged-${fileNameTime(now)}`;
}

/**
 * Moves a stored file (or folder) that cannot be read out of the way, under a dated name beside it, so that the
 * app starts without it and nothing in it is lost. Answers the new path.
 */
export async function setAside(file: string): Promise<string> {
  const aside = damagedName(file);
  await rename(file, aside);
  return aside;
}

export function setAsideSync(file: string): string {
  const aside = damagedName(file);
  renameSync(file, aside);
  return aside;
}
