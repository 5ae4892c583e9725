import { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts } from "pdf-lib";

export interface PageSpec {
  size?: [number, number];
  rotate?: 0 | 90 | 180 | 270;
  /** [left, bottom, right, top] in user space. */
  cropBox?: [number, number, number, number];
}

/** A real PDF with the given pages, each labelled with its page number. */
export async function makePdf(pages: PageSpec[] = [{}]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  pages.forEach((spec, index) => {
    const page = document.addPage(spec.size ?? [612, 792]);
    page.drawText(`Page ${index + 1}`, { x: 72, y: page.getHeight() - 72, size: 18, font });
    if (spec.cropBox !== undefined) {
      const [left, bottom, right, top] = spec.cropBox;
      page.setCropBox(left, bottom, right - left, top - bottom);
    }
    if (spec.rotate !== undefined) page.node.set(PDFName.of("Rotate"), PDFNumber.of(spec.rotate));
  });
  return document.save();
}

/** A PDF cut short, as an interrupted download or copy leaves it. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await makePdf([{}, {}]);
  return whole.slice(0, Math.floor(whole.length * 0.6));
}

/**
 * A password-protected PDF: a standard security handler whose user password is not empty, so it
 * cannot be opened without the password.
 */
export async function passwordProtectedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]);
  const encrypt = document.context.obj({
    Filter: PDFName.of("Standard"),
    V: PDFNumber.of(1),
    R: PDFNumber.of(2),
    Length: PDFNumber.of(40),
    P: PDFNumber.of(-44),
    O: PDFString.of(
      "\u00a3\u0001\u0077\u0010\u0093\u00ad\u00cc\u0001\u0077\u00f0\u0005\u00ee\u00a0\u0006\u0076\u0055\u00aa\u0042\u0011\u0024\u009e\u0017\u0081\u0062\u0099\u0003\u0044\u0022\u00ee\u0015\u0066\u0012",
    ),
    U: PDFString.of(
      "\u0012\u0093\u00ee\u0044\u0001\u00aa\u0077\u00cc\u0055\u0010\u0024\u0003\u0099\u0066\u00f0\u0062\u0081\u0042\u00ad\u0006\u0011\u0022\u0005\u0015\u009e\u00a0\u0017\u00a3\u0076\u0001\u0012\u00ee",
    ),
  });
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  return document.save({ useObjectStreams: false });
}
