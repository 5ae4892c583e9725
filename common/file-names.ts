/**
 * The one rule for file names the app makes from user or service data (a document's name, a dropped file's
 * name): safe on Windows, macOS and Linux alike, since a document named on one is downloaded on another.
 *
 * - no separators or characters Windows forbids (`<>:"/\|?*`), no control characters, no lone surrogates,
 *   no bidirectional overrides (which make "invoice‮fdp.exe" read as "invoiceexe.pdf"); runs of white space
 *   become one space;
 * - no leading dots (a hidden file, `.` or `..`), no trailing dots or spaces (Windows drops them);
 * - not a Windows device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, COM¹²³, LPT¹²³, CONIN$, CONOUT$), in any
 *   case and with any extension: Windows reads "con.pdf - signed.pdf" as the console;
 * - at most 255 UTF-8 bytes (the tightest of the three), shortened between characters as the user sees them,
 *   never inside a UTF-8 sequence, a surrogate pair or a character's combining marks.
 */

/** The longest file name, one path segment, that Linux, macOS and Windows all accept: in UTF-8 bytes. */
export const maxFileNameBytes = 255;

/** Suffixes and fallbacks are the app's own: at least this much room is left for the name itself. */
const minimumNameBytes = 16;

const invisibleControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const windowsForbidden = /[<>:"/\\|?*]/g;
const forbidden = /[<>:"/\\|?*\p{Cc}\p{Cs}]/gu;
/** Windows' device names; it compares the part of a name before its first dot, trailing spaces ignored. */
const deviceName = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const extension = /\.[\p{L}\p{N}]{1,16}$/u;

/** How many bytes `text` takes in UTF-8 (a lone surrogate counts as the replacement character it becomes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

let graphemes: Intl.Segmenter | undefined;

/**
 * The longest start of `text` within `max` (measured by `measure`: UTF-16 units by default, or utf8Length),
 * cut only between grapheme clusters: never inside a surrogate pair, a UTF-8 sequence or a character's accents.
 */
export function shorten(text: string, max: number, measure: (text: string) => number = (part) => part.length): string {
  if (measure(text) <= max) return text;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let kept = "";
  let size = 0;
  for (const { segment } of graphemes.segment(text)) {
    const grows = measure(segment);
    if (size + grows > max) break;
    kept += segment;
    size += grows;
  }
  return kept;
}

/**
 * `text` as the user should read it in a name: NFC, control characters and lone surrogates made spaces, invisible
 * direction controls dropped, white space collapsed and trimmed.
 */
export function readableText(text: string): string {
  return text
    .normalize("NFC")
    .replace(invisibleControls, "")
    .replace(/[\p{Cc}\p{Cs}]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

/** What a file name may contain, without leading dots and trailing dots. */
function clean(text: string): string {
  return tidy(readableText(text.replace(windowsForbidden, " "))).replace(/^[\s.]+/u, "");
}

function tidy(text: string): string {
  return text.replace(/[\s.]+$/u, "");
}

/** `stem`, changed when `stem + suffix` would be a device name ("CON.pdf" → "CON_.pdf"). */
function avoidDeviceName(stem: string, suffix: string): string {
  const base = `${stem}${suffix}`.split(".")[0]?.trimEnd() ?? "";
  if (!deviceName.test(base)) return stem;
  const at = Math.min(base.length, stem.length);
  return `${stem.slice(0, at)}_${stem.slice(at)}`;
}

export interface SafeFileNameOptions {
  /** Kept whole at the end: an extension, " - signed.pdf". The app's own text, already safe. */
  suffix?: string;
  /** The name to use when nothing of the given one is left (it is made safe too). */
  fallback?: string;
  /** Default maxFileNameBytes. */
  maxBytes?: number;
}

/** `name` (then `suffix`) as one safe path segment: see the rule at the top of this file. */
export function safeFileName(name: string, options: SafeFileNameOptions = {}): string {
  const suffix = options.suffix ?? "";
  if (suffix !== "" && (suffix.match(forbidden) !== null || /[\s.]$/u.test(suffix))) {
    throw new TypeError(`Not a safe file name suffix: ${JSON.stringify(suffix)}`);
  }
  const budget = (options.maxBytes ?? maxFileNameBytes) - utf8Length(suffix);
  if (budget < minimumNameBytes) throw new RangeError(`No room for a file name before ${JSON.stringify(suffix)}`);
  const fitName = (text: string) => {
    // A device name is avoided before shortening (which keeps the "_") and after (which may make a new one).
    const shortened = tidy(shorten(avoidDeviceName(clean(text), suffix), budget, utf8Length));
    return avoidDeviceName(shortened, suffix);
  };
  const stem = fitName(name) || fitName(options.fallback ?? "") || "Untitled";
  return `${stem}${suffix}`;
}

/** "Lease.pdf" → { stem: "Lease", extension: ".pdf" }, ".pdf" → { stem: "", … }; "Lease" has extension "". */
export function splitExtension(name: string): { stem: string; extension: string } {
  const found = extension.exec(name);
  if (found === null) return { stem: name, extension: "" };
  return { stem: name.slice(0, found.index), extension: found[0] };
}

/** `name` made safe like safeFileName, keeping its extension (".pdf", ".docx") when it must be shortened. */
export function safeFileNameKeepingExtension(name: string, options: Omit<SafeFileNameOptions, "suffix"> = {}) {
  const { stem, extension: suffix } = splitExtension(clean(name));
  return suffix === "" ? safeFileName(stem, options) : safeFileName(stem, { ...options, suffix });
}
