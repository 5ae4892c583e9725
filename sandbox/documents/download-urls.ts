import { createHmac, timingSafeEqual } from "node:crypto";
import type { SandboxContext } from "../context";

/**
 * What a signed link opens: `final` the final PDF (getDocumentDetails' `finalUrl`), `view` the document as it stands
 * (getAllDocuments' `publicUrl`: the original until the final PDF exists). The kind is part of what is signed, so a
 * view link cannot be turned into a final one.
 */
export type LinkKind = "final" | "view";

const routes: Record<LinkKind, string> = { final: "download", view: "view" };

function signature(secret: string, kind: LinkKind, pdfId: string, expires: number): string {
  const signed = kind === "final" ? `${pdfId}.${expires}` : `${kind}:${pdfId}.${expires}`;
  return createHmac("sha256", secret).update(signed).digest("hex");
}

/** A signed, time-limited link to a document's final PDF, or (`view`) to the document as it stands. */
export function downloadUrl(context: SandboxContext, pdfId: string, kind: LinkKind = "final"): string {
  const expires = context.now() + context.downloadUrlLifetimeMs;
  const sig = signature(context.store.state.urlSecret, kind, pdfId, expires);
  return `${context.baseUrl()}/_sandbox/${routes[kind]}/${encodeURIComponent(pdfId)}?expires=${expires}&signature=${sig}`;
}

/**
 * Whether a link is untampered and not yet expired. `expires` must be written exactly as the sandbox
 * wrote it (a decimal integer, no leading zeros, sign or exponent): any other spelling of the same number
 * is an altered link.
 */
export function verifyDownload(
  context: SandboxContext,
  pdfId: string,
  expires: unknown,
  sig: unknown,
  kind: LinkKind = "final",
): boolean {
  if (typeof expires !== "string" || typeof sig !== "string") return false;
  const expiresAt = Number(expires);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < 0 || String(expiresAt) !== expires) return false;
  const expected = Buffer.from(signature(context.store.state.urlSecret, kind, pdfId, expiresAt), "hex");
  const given = Buffer.from(sig, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return expiresAt > context.now();
}
