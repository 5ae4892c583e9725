import { createHmac, timingSafeEqual } from "node:crypto";
import type { SandboxContext } from "../context";

function signature(secret: string, pdfId: string, expires: number): string {
  return createHmac("sha256", secret).update(`${pdfId}.${expires}`).digest("hex");
}

/** A signed, time-limited link to a document's final PDF. */
export function downloadUrl(context: SandboxContext, pdfId: string): string {
  const expires = context.now() + context.downloadUrlLifetimeMs;
  const sig = signature(context.store.state.urlSecret, pdfId, expires);
  return `${context.baseUrl()}/_sandbox/download/${encodeURIComponent(pdfId)}?expires=${expires}&signature=${sig}`;
}

/**
 * Whether a download link is untampered and not yet expired. `expires` must be written exactly as the sandbox
 * wrote it (a decimal integer, no leading zeros, sign or exponent): any other spelling of the same number
 * is an altered link.
 */
export function verifyDownload(context: SandboxContext, pdfId: string, expires: unknown, sig: unknown): boolean {
  if (typeof expires !== "string" || typeof sig !== "string") return false;
  const expiresAt = Number(expires);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < 0 || String(expiresAt) !== expires) return false;
  const expected = Buffer.from(signature(context.store.state.urlSecret, pdfId, expiresAt), "hex");
  const given = Buffer.from(sig, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return expiresAt > context.now();
}
