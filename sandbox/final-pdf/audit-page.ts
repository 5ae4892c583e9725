import { type PDFDocument, type RGB, rgb } from "pdf-lib";
import { lineMetrics, truncateToWidth, wrapText } from "./font";
import type { TextPainter } from "./text/text-painter";

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
  /** SHA-256 fingerprint of the certificate that seals the final file. */
  sealFingerprint: string;
}

interface Block {
  text: string;
  /** Font size in points. */
  size: number;
  /** Extra space above the block, in points; none at the top of a page. */
  gapBefore: number;
  indent?: number;
  color?: RGB;
}

/** Blocks kept on one page when they fit on one (a heading with what follows it, one signer's entry). */
type Unit = Block[];

const page = { width: 612, height: 792, margin: 54 } as const;
const leading = 1.3;
/** The footer's baseline, below the bottom margin of the text. */
const footer = { size: 8, baseline: 30 } as const;
const ink = rgb(0.05, 0.05, 0.1);
const muted = rgb(0.35, 0.35, 0.4);

const body = (text: string, gapBefore = 2, indent = 0): Block => ({ text, size: 10, gapBefore, indent });
const heading = (text: string): Block => ({ text, size: 13, gapBefore: 16 });
const note = (text: string, gapBefore = 4): Block => ({ text, size: 9, gapBefore, color: muted });
const hash = (text: string): Block => ({ text, size: 9, gapBefore: 4 });

/**
 * A person's text set apart for the bidi algorithm (first strong isolate, UAX #9): a right-to-left name neither
 * turns the English words around it nor takes the address after it into its run.
 */
const isolated = (value: string) => `\u2068${value}\u2069`;

/** Every value in full: long names, addresses and hashes wrap (a word wider than a line breaks between characters). */
function auditUnits(audit: AuditTrail, signed: SignedContent): Unit[] {
  const signers = audit.signers.map((signer, index) => [
    body(`${index + 1}. ${isolated(signer.name)}`, 6),
    body(`Email: ${isolated(signer.email)}`, 1, 14),
    body(`Signed at: ${signer.signedAt} \u00b7 IP address: ${signer.ipAddress}`, 1, 14),
  ]);
  const [firstSigner = [body("None.", 6)], ...otherSigners] = signers;
  return [
    [
      { text: "Audit trail", size: 20, gapBefore: 0 },
      note("These pages were added when the document was finalized. They are not part of the signed content."),
    ],
    [
      heading("Document"),
      body(`Document name: ${isolated(audit.documentName)}`, 4),
      body(`Document ID: ${audit.documentId}`),
      body(`Created at: ${audit.createdAt}`),
      body(`Finalized at: ${audit.finalizedAt}`),
    ],
    [heading(`Signers (${audit.signers.length})`), ...firstSigner],
    ...otherSigners,
    [
      heading("Integrity"),
      hash(`SHA-256 of the original document: ${audit.originalSha256}`),
      hash(`SHA-256 of the signed document (every page before the audit trail): ${signed.sha256}`),
      note(
        `The signed document is the first ${signed.byteLength} bytes of this file. The audit trail was appended to ` +
          "it as an incremental PDF update, so hashing those bytes reproduces the value above. The SHA-256 of this " +
          "complete file is recorded by the service: a file cannot contain its own hash.",
      ),
    ],
    [
      heading("Seal"),
      body(
        "This file is sealed with a PAdES signature over every byte of it, so a PDF reader can tell whether it was " +
          "changed afterwards. The seal is made with the Signdesk sandbox's own test certificate, generated on this " +
          "computer: it shows the file is intact, not who the sandbox is, and no reader trusts it as a signer.",
        4,
      ),
      hash(`SHA-256 fingerprint of the sandbox's test certificate: ${signed.sealFingerprint}`),
    ],
  ];
}

interface Line {
  text: string;
  size: number;
  x: number;
  baseline: number;
  color: RGB;
}

interface WrappedBlock {
  block: Block;
  x: number;
  texts: string[];
}

const lineHeight = (block: Block) => block.size * leading;
/** Height of a unit's lines and inner gaps (not the gap above its first block). */
const unitHeight = (unit: readonly WrappedBlock[]) =>
  unit.reduce(
    (total, { block, texts }, index) => total + (index === 0 ? 0 : block.gapBefore) + texts.length * lineHeight(block),
    0,
  );

const continued: Block = { text: "Audit trail (continued)", size: 13, gapBefore: 0, color: muted };
/** Space between the "continued" heading and the text that goes on. */
const afterContinued = 8;

/**
 * Lays the units out top to bottom between the margins, on as many pages as they need: a unit that does not fit
 * below what is already on the page starts the next page, and one taller than a page goes on line by line.
 * Pages after the first begin with a "continued" heading. Answers each page's lines.
 */
async function layout(units: readonly Unit[], painter: TextPainter): Promise<Line[][]> {
  const pages: Line[][] = [];
  let lines: Line[] = [];
  let cursor = 0;
  /** Nothing but the page's own heading is on the current page yet: gaps above blocks are left out there. */
  let fresh = true;
  const put = async (block: Block, text: string, x: number) => {
    cursor -= lineHeight(block);
    lines.push({
      text: await truncateToWidth(painter, text, block.size, page.width - page.margin - x),
      size: block.size,
      x,
      baseline: cursor + lineMetrics.descent * block.size,
      color: block.color ?? ink,
    });
  };
  const newPage = async () => {
    lines = [];
    pages.push(lines);
    cursor = page.height - page.margin;
    if (pages.length > 1) {
      await put(continued, continued.text, page.margin);
      cursor -= afterContinued;
    }
    fresh = true;
  };

  await newPage();
  for (const unit of units) {
    const wrapped: WrappedBlock[] = [];
    for (const block of unit) {
      const x = page.margin + (block.indent ?? 0);
      wrapped.push({ block, x, texts: await wrapText(painter, block.text, block.size, page.width - page.margin - x) });
    }
    const gapAbove = unit[0]?.gapBefore ?? 0;
    if (!fresh && cursor - gapAbove - unitHeight(wrapped) < page.margin) await newPage();
    for (const { block, x, texts } of wrapped) {
      if (!fresh) cursor -= block.gapBefore;
      for (const text of texts) {
        if (cursor - lineHeight(block) < page.margin) await newPage();
        await put(block, text, x);
        fresh = false;
      }
    }
  }
  return pages;
}

/**
 * Appends the audit trail as US Letter pages (no rotation), as many as it needs, each with a footer "Audit trail,
 * page N of M" and the document's ID.
 */
export async function drawAuditTrail(
  doc: PDFDocument,
  painter: TextPainter,
  audit: AuditTrail,
  signed: SignedContent,
): Promise<void> {
  const pages = await layout(auditUnits(audit, signed), painter);
  for (const [index, lines] of pages.entries()) {
    const auditPage = doc.addPage([page.width, page.height]);
    const footerText = await truncateToWidth(
      painter,
      `Audit trail, page ${index + 1} of ${pages.length} \u00b7 Document ID: ${audit.documentId}`,
      footer.size,
      page.width - 2 * page.margin,
    );
    const all = [
      ...lines,
      { text: footerText, size: footer.size, x: page.margin, baseline: footer.baseline, color: muted },
    ];
    for (const line of all) {
      // The page is English, left to right: a person's text inside it keeps its own direction (see `isolated`).
      const shaped = await painter.shape(line.text, "ltr");
      painter.draw(auditPage, shaped, { x: line.x, y: line.baseline, size: line.size, color: line.color });
    }
  }
}
