import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { PdfSealSummary } from "../../../common/pdf-seal";

const messages = defineMessages({
  intact: {
    id: "documents.seal.intact",
    defaultMessage:
      "<strong>Sealed and intact.</strong> A digital seal covers every byte of this file, and nothing in it changed after signing.",
    description: "After saving the signed PDF: its digital seal (a signature over the file) verifies.",
  },
  intactBy: {
    id: "documents.seal.intactBy",
    defaultMessage:
      "<strong>Sealed and intact.</strong> A digital seal by {signer} covers every byte of this file, and nothing in it changed after signing.",
    description: "As documents.seal.intact; {signer} is the name in the seal's certificate.",
  },
  fingerprint: {
    id: "documents.seal.fingerprint",
    defaultMessage: "Certificate fingerprint (SHA-256): {fingerprint}",
  },
  notSealed: {
    id: "documents.seal.notSealed",
    defaultMessage:
      "<strong>Not sealed.</strong> This PDF carries no digital seal, so Signdesk cannot tell whether it was changed after signing.",
  },
  notVerified: {
    id: "documents.seal.notVerified",
    defaultMessage:
      "<strong>Seal not valid.</strong> The file's seal does not verify. Do not rely on this copy; download it again.",
  },
  changed: {
    id: "documents.seal.changed",
    defaultMessage:
      "<strong>Seal not valid.</strong> The file was changed after it was sealed, or a signature in it no longer matches its bytes. Do not rely on this copy; download it again.",
  },
});

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * Whether the signed PDF just saved carries a seal that covers every byte of it, and whether it is intact: what a
 * person needs before forwarding it as the signed original.
 */
export function SealNotice({ seal }: { seal: PdfSealSummary }) {
  if (seal.sealed && seal.intact) {
    return (
      <div className="seal-notice seal-valid" role="status">
        <p>
          {seal.signerName === null ? (
            <FormattedMessage {...messages.intact} values={{ strong }} />
          ) : (
            <FormattedMessage {...messages.intactBy} values={{ strong, signer: <bdi>{seal.signerName}</bdi> }} />
          )}
        </p>
        {seal.fingerprint !== null && (
          <p className="muted small">
            <FormattedMessage
              {...messages.fingerprint}
              values={{ fingerprint: <code className="seal-fingerprint">{seal.fingerprint}</code> }}
            />
          </p>
        )}
      </div>
    );
  }
  if (seal.signatures === 0) {
    return (
      <p className="seal-notice muted" role="status">
        <FormattedMessage {...messages.notSealed} values={{ strong }} />
      </p>
    );
  }
  return (
    <p className="seal-notice problem" role="alert">
      <FormattedMessage {...(seal.intact ? messages.notVerified : messages.changed)} values={{ strong }} />
    </p>
  );
}
