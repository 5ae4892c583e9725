/** The harness's byte channel (harness-bytes.ts), shared with the page side (harness-bridge.ts). */
export const blobTag = "$signdeskBlob";
export const blobPath = "/__harness/bytes";
/** Below this, bytes travel inline as base64 (byte-codec.ts). */
export const blobThreshold = 64 * 1024;
