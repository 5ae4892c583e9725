import type { PdfSealSummary } from "../../../common/pdf-seal";

/**
 * Whether the signed PDF just saved carries a seal that covers every byte of it, and whether it is intact: what a
 * person needs before forwarding it as the signed original.
 */
export function SealNotice({ seal }: { seal: PdfSealSummary }) {
  if (seal.sealed && seal.intact) {
    return (
      <div className="seal-notice seal-valid" role="status">
        <p>
          <strong>Sealed and intact.</strong> A digital seal{seal.signerName === null ? "" : ` by ${seal.signerName}`}{" "}
          covers every byte of this file, and nothing in it changed after signing.
        </p>
        {seal.fingerprint !== null && (
          <p className="muted small">
            Certificate fingerprint (SHA-256): <code className="seal-fingerprint">{seal.fingerprint}</code>
          </p>
        )}
      </div>
    );
  }
  if (seal.signatures === 0) {
    return (
      <p className="seal-notice muted" role="status">
        <strong>Not sealed.</strong> This PDF carries no digital seal, so Signdesk cannot tell whether it was changed
        after signing.
      </p>
    );
  }
  return (
    <p className="seal-notice problem" role="alert">
      <strong>Seal not valid.</strong>{" "}
      {seal.intact
        ? "The file's seal does not verify."
        : "The file was changed after it was sealed, or a signature in it no longer matches its bytes."}{" "}
      Do not rely on this copy; download it again.
    </p>
  );
}
