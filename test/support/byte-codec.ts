// Playwright bindings carry JSON; Electron's IPC carries Uint8Array as is. The harness encodes bytes
// on one side and decodes them on the other, so the handlers see exactly what Electron gives them.
const tag = "$signdeskBytes";

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function encodeBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [tag]: toBase64(value) };
  if (Array.isArray(value)) return value.map(encodeBytes);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, encodeBytes(inner)]));
  }
  return value;
}

/** True for a byte array as encodeBytes writes it. */
export function isEncodedBytes(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record[tag] === "string" && Object.keys(record).length === 1;
}

export function decodeBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBytes);
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record[tag] === "string" && Object.keys(record).length === 1) return fromBase64(record[tag]);
    return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, decodeBytes(inner)]));
  }
  return value;
}
