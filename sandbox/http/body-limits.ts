import { limits } from "../../common/fields";

/** The most a Signature or Initials image may weigh, decoded (sandbox/README.md): the one place this rule is written. */
export const maxSignatureImageBytes = 2 * 1024 * 1024;

/** The image limit in words, for messages. */
export const maxSignatureImageText = `${maxSignatureImageBytes / (1024 * 1024)} MB`;

/** How many characters base64 makes of `bytes` bytes (padding included). */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/** How many bytes a base64 text decodes to. */
export function base64DecodedLength(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** Every JSON body but a signer's answer. */
export const jsonBodyLimit = 1024 * 1024;

/**
 * A signer's answer (`POST /sign/<hash>`): one image at the full limit, base64 in its data URL, and the
 * rest of the answer (the other values, up to as much as any other JSON body).
 */
export const signingBodyLimit = base64Length(maxSignatureImageBytes) + jsonBodyLimit;

/** What busboy accepts of createNewTemplate's form. */
export const multipartLimits = {
  fileSize: limits.maxUploadBytes,
  files: 1,
  fields: 10,
  fieldSize: 2 * 1024 * 1024,
  parts: 12,
  /** The headers of one part (a Content-Disposition with its file name and a Content-Type: a few hundred bytes). */
  headerSize: 16 * 1024,
} as const;

/** A boundary line: at most 70 characters of boundary, the dashes and line breaks. */
const boundaryLineBytes = 80;

/**
 * The largest form busboy can accept whole: the file, every field at its limit, and each part's boundary and
 * headers. A request that declares more is refused (413) before a byte of it is read.
 */
export const multipartBodyLimit =
  multipartLimits.fileSize +
  multipartLimits.fields * multipartLimits.fieldSize +
  multipartLimits.parts * (multipartLimits.headerSize + boundaryLineBytes) +
  boundaryLineBytes;
