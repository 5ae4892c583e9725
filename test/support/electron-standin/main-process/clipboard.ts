/**
 * clipboard: Electron's text clipboard as its API documents it, kept in this process (no desktop to share it with).
 * `type` "selection" is Linux's primary selection, a clipboard of its own; any other (or none) is the clipboard, as
 * Electron reads only "selection" specially. Writing text replaces whatever that clipboard held, in every format;
 * reading an empty one gives "".
 */
type ClipboardType = "clipboard" | "selection";

const held: Record<ClipboardType, string | null> = { clipboard: null, selection: null };

const which = (type: unknown): ClipboardType => (type === "selection" ? "selection" : "clipboard");

/** Electron converts its arguments natively and throws on one of another type. */
function text(value: unknown): string {
  if (typeof value !== "string") throw new TypeError("Error processing argument at index 0, conversion failure");
  return value;
}

export const clipboard = {
  writeText(value: string, type?: ClipboardType): void {
    held[which(type)] = text(value);
  },
  readText(type?: ClipboardType): string {
    return held[which(type)] ?? "";
  },
  availableFormats(type?: ClipboardType): string[] {
    return held[which(type)] === null ? [] : ["text/plain"];
  },
  clear(type?: ClipboardType): void {
    held[which(type)] = null;
  },
};
