import { writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, PDFString, StandardFonts } from "pdf-lib";
import { fixturesFolder } from "./fixtures-folder.ts";

/**
 * e2e-acroform.pdf: a one-page form for the end-to-end test, written by pdf-lib: text fields "Full name" and
 * "Email", a checkbox "I agree" and an unsigned signature field (/FT /Sig, which pdf-lib cannot make, so its
 * dictionary is written by hand). Its expected answer is made from the file by make-forms-expected.ts.
 * Run: `npx tsx scripts/detect-corpus/make-e2e-acroform.ts`.
 */
const fixedDate = new Date("2024-01-02T03:04:05Z");
const document = await PDFDocument.create({ updateMetadata: false });
document.setTitle("Consent form");
document.setProducer("Signdesk test corpus (pdf-lib)");
document.setCreationDate(fixedDate);
document.setModificationDate(fixedDate);
const page = document.addPage([612, 792]);
const font = await document.embedFont(StandardFonts.Helvetica);
const form = document.getForm();

page.drawText("Consent form", { x: 72, y: 720, size: 20, font });
page.drawText("Full name", { x: 72, y: 672, size: 11, font });
form.createTextField("Full name").addToPage(page, { x: 72, y: 640, width: 240, height: 24, font });
page.drawText("Email", { x: 72, y: 612, size: 11, font });
form.createTextField("Email").addToPage(page, { x: 72, y: 580, width: 240, height: 24, font });
form.createCheckBox("I agree").addToPage(page, { x: 72, y: 540, width: 14, height: 14 });
page.drawText("I agree to the terms above.", { x: 94, y: 543, size: 11, font });
page.drawText("Signature", { x: 72, y: 500, size: 11, font });

const signature = document.context.obj({
  FT: "Sig",
  T: PDFString.of("Signature"),
  Type: "Annot",
  Subtype: "Widget",
  Rect: [72, 440, 272, 490],
  F: 4,
  P: page.ref,
  MK: { BC: [0, 0, 0] },
});
const signatureRef = document.context.register(signature);
page.node.addAnnot(signatureRef);
form.acroForm.addField(signatureRef);

writeFileSync(path.join(fixturesFolder, "e2e-acroform.pdf"), await document.save({ useObjectStreams: false }));
