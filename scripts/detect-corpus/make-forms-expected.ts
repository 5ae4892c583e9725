import { execFileSync } from "node:child_process";
import path from "node:path";
import { fixturesFolder, writeExpected } from "./fixtures-folder.ts";
import { expectedFromWidgets } from "./widgets-oracle.ts";

/**
 * Expected answers for the AcroForm documents (widgets read with qpdf, pages with pdfinfo) and for the real
 * documents with neither fields nor tags (checked: qpdf lists no field, poppler's text holds no "{{").
 * Files of test/fixtures/real-world are used in place, by reference. Run after the generators:
 * `npx tsx scripts/detect-corpus/make-forms-expected.ts`.
 */
const realWorld = path.resolve(fixturesFolder, "../real-world");

const forms = [
  "e2e-acroform.pdf",
  "form-rotated-page-pdfbox.pdf",
  "form-all-field-kinds-pdfbox.pdf",
  "form-two-signature-fields-pyhanko.pdf",
  "form-fancy-fields-pdflib.pdf",
  "form-field-types-libreoffice.pdf",
  "form-signature-field-pdflib.pdf",
  "form-direct-deposit-sf1199a-treasury.pdf",
  "form-offset-cropbox-luxembourg-160.pdf",
];
const realForms = [
  "irs-1040-acroform-hybrid-incremental.pdf",
  "irs-1040v-incremental-updates.pdf",
  "negative-mediabox-cropped-cerfa-form.pdf",
];
const realPlain = [
  "us-constitution-19-pages.pdf",
  "objstm-xref-stream-pdflatex.pdf",
  "rotated-cropped-offset-boxes.pdf",
  "mixed-page-sizes-openoffice.pdf",
  "pdf20-simple.pdf",
  "arabic-rtl-rotated-90-180-270.pdf",
];

function withoutTags(file: string): void {
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (text.includes("{{")) throw new Error(`${file} has "{{" in its text`);
}

for (const name of forms) {
  const file = path.join(fixturesFolder, name);
  withoutTags(file);
  const { hiddenSkipped, ...expected } = expectedFromWidgets(file);
  if (hiddenSkipped > 0) console.log(`${name}: ${hiddenSkipped} hidden widgets left out`);
  writeExpected(name, expected);
}
for (const name of realForms) {
  const file = path.join(realWorld, name);
  withoutTags(file);
  const { hiddenSkipped, ...expected } = expectedFromWidgets(file);
  if (hiddenSkipped > 0) console.log(`${name}: ${hiddenSkipped} hidden widgets left out`);
  writeExpected(name, { file: `../real-world/${name}`, ...expected });
}
for (const name of realPlain) {
  const file = path.join(realWorld, name);
  withoutTags(file);
  const expected = expectedFromWidgets(file);
  if (expected.fields.length + expected.notes.length > 0) throw new Error(`${name} has form fields`);
  writeExpected(name, { file: `../real-world/${name}`, fields: [], notes: [], roles: [] });
}
