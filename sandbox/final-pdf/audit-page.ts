import { type PDFDocument, type RGB, rgb } from "pdf-lib";
import { type StampFont, truncateToWidth, wrapText } from "./font";

export interface AuditSigner {
  name: string;
  email: string;
  /** ISO 8601. */
  signedAt: string;
  ipAddress: string;
}

export interface AuditTrail {
  documentId: string;
  documentName: string;
  createdAt: string;
  finalizedAt: string;
  signers: AuditSigner[];
  originalSha256: string;
}

/** The stamped document the audit page certifies: its hash and its length (it is a byte prefix of the final file). */
export interface SignedContent {
  sha256: string;
  byteLength: number;
}

interface Block {
  text: string;
  /** Font size in points at scale 1. */
  size: number;
  /** Extra space above the block, in points at scale 1. */
  gapBefore: number;
  indent?: number;
  color?: RGB;
}

const page = { width: 612, height: 792, margin: 54 } as const;
const leading = 1.3;
/** Smallest scale tried before giving up: 10 pt body text becomes 4 pt. */
const minimumScale = 0.4;
const maxValueLength = 256;
const ink = rgb(0.05, 0.05, 0.1);
const muted = rgb(0.35, 0.35, 0.4);

function clip(value: string): string {
  const points = Array.from(value);
  return points.length <= maxValueLength ? value : `${points.slice(0, maxValueLength - 1).join("")}\u2026`;
}

function auditBlocks(audit: AuditTrail, signed: SignedContent): Block[] {
  const body = (text: string, gapBefore = 2, indent = 0): Block => ({ text: clip(text), size: 10, gapBefore, indent });
  const heading = (text: string): Block => ({ text, size: 13, gapBefore: 16 });
  const note = (text: string, gapBefore = 4): Block => ({ text, size: 9, gapBefore, color: muted });
  const signers = audit.signers.flatMap((signer, index) => [
    body(`${index + 1}. ${clip(signer.name)} <${clip(signer.email)}>`, 6),
    body(`Signed at: ${clip(signer.signedAt)} \u00b7 IP address: ${clip(signer.ipAddress)}`, 1, 14),
  ]);
  return [
    { text: "Audit trail", size: 20, gapBefore: 0 },
    note("This page was added when the document was finalized. It is not part of the signed content."),
    heading("Document"),
    body(`Document name: ${audit.documentName}`, 4),
    body(`Document ID: ${audit.documentId}`),
    body(`Created at: ${audit.createdAt}`),
    body(`Finalized at: ${audit.finalizedAt}`),
    heading(`Signers (${audit.signers.length})`),
    ...(signers.length > 0 ? signers : [body("None.", 6)]),
    heading("Integrity"),
    { text: `SHA-256 of the original document: ${clip(audit.originalSha256)}`, size: 9, gapBefore: 4 },
    { text: `SHA-256 of the signed document (all pages before this one): ${signed.sha256}`, size: 9, gapBefore: 4 },
    note(
      `The signed document is the first ${signed.byteLength} bytes of this file. This page was appended to it as an ` +
        "incremental PDF update, so hashing those bytes reproduces the value above. The SHA-256 of this complete " +
        "file is recorded by the service: a file cannot contain its own hash.",
    ),
  ];
}

interface Line {
  text: string;
  size: number;
  x: number;
  baseline: number;
  color: RGB;
}

/** Lays the blocks out at `scale`; null when they do not fit between the margins. */
function layout(blocks: Block[], stampFont: StampFont, scale: number): Line[] | null {
  const lines: Line[] = [];
  let cursor = page.height - page.margin;
  for (const block of blocks) {
    const size = block.size * scale;
    const x = page.margin + (block.indent ?? 0) * scale;
    const width = page.width - page.margin - x;
    cursor -= block.gapBefore * scale;
    for (const text of wrapText(stampFont.font, block.text, size, width)) {
      cursor -= size * leading;
      if (cursor < page.margin) return null;
      const fitted = truncateToWidth(stampFont.font, text, size, width);
      lines.push({ text: fitted, size, x, baseline: cursor + stampFont.descent * size, color: block.color ?? ink });
    }
  }
  return lines;
}

/** Appends one US Letter page (no rotation) with the audit trail, shrinking the text if needed to fit one page. */
export function drawAuditPage(doc: PDFDocument, stampFont: StampFont, audit: AuditTrail, signed: SignedContent): void {
  const blocks = auditBlocks(audit, signed);
  let lines: Line[] | null = null;
  for (let scale = 1; lines === null && scale >= minimumScale - 1e-9; scale -= 0.05) {
    lines = layout(blocks, stampFont, scale);
  }
  if (lines === null) throw new Error("The audit trail does not fit on one page.");
  const auditPage = doc.addPage([page.width, page.height]);
  for (const line of lines) {
    auditPage.drawText(line.text, {
      x: line.x,
      y: line.baseline,
      size: line.size,
      font: stampFont.font,
      color: line.color,
    });
  }
}
