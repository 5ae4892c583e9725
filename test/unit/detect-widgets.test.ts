import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFNumber, type PDFPage, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldsFound } from "../../common/found-fields";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";
import { textFieldType } from "../../node-shared/pdf/detect/widget-fields";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "signdesk-detect-widgets-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A signature field built by hand: pdf-lib has no maker for /FT /Sig. */
function addSignatureField(document: PDFDocument, page: PDFPage, name: string, rect: number[]): void {
  const { context } = document;
  const widget = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFString.of(name),
      Rect: rect,
      F: 4,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widget);
  document.getForm().acroForm.addField(widget);
}

async function formPdf(build: (document: PDFDocument) => void): Promise<FieldsFound> {
  const document = await PDFDocument.create();
  build(document);
  const file = path.join(work, `form-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, await document.save());
  return detectFields(file);
}

describe("form widgets", () => {
  it("become fields by their kind and name, at the widget's top-left, for the first recipient", async () => {
    const found = await formPdf((document) => {
      const page = document.addPage([612, 792]);
      const form = document.getForm();
      const add = (name: string, y: number) =>
        form.createTextField(name).addToPage(page, { x: 72, y, width: 200, height: 20, borderWidth: 0 });
      add("Email", 700);
      add("Date of birth", 670);
      add("Initials", 640);
      add("Company name", 610);
      add("buyer.FullName", 580);
      add("Notes", 550);
      addSignatureField(document, page, "Signature date", [72, 480, 272, 520]);
      form.createCheckBox("Agree").addToPage(page, { x: 72, y: 450, width: 12, height: 12 });
    });
    expect(found.roles).toEqual([]);
    expect(found.fields.map((field) => [field.key, field.type, field.label, field.role, field.source])).toEqual([
      ["p1-widget-0", "Email", "Email", 0, "widget"],
      ["p1-widget-1", "Date", "Date of birth", 0, "widget"],
      ["p1-widget-2", "Initials", "Initials", 0, "widget"],
      ["p1-widget-3", "Text", "Company name", 0, "widget"],
      ["p1-widget-4", "Name", "buyer.FullName", 0, "widget"],
      ["p1-widget-5", "Text", "Notes", 0, "widget"],
      ["p1-widget-6", "Signature", "Signature date", 0, "widget"],
      ["p1-widget-7", "Checkbox", "Agree", 0, "widget"],
    ]);
    // The page is 792 high: a widget whose top is at y = 720 shows 72 from the top.
    expect(found.fields[0]).toMatchObject({ x: 72, y: 72, found: { x: 72, y: 72, width: 200, height: 20 } });
    expect(found.fields[6]).toMatchObject({ x: 72, y: 272, found: { x: 72, y: 272, width: 200, height: 40 } });
    expect(found.fields[0]?.cover).toBeUndefined();
  });

  it("that the service has no field for are notes: one per radio group, buttons, lists", async () => {
    const found = await formPdf((document) => {
      const page = document.addPage([612, 792]);
      const second = document.addPage([612, 792]);
      const form = document.getForm();
      const radio = form.createRadioGroup("Plan");
      radio.addOptionToPage("basic", page, { x: 72, y: 700, width: 12, height: 12 });
      radio.addOptionToPage("pro", page, { x: 100, y: 700, width: 12, height: 12 });
      radio.addOptionToPage("team", second, { x: 100, y: 700, width: 12, height: 12 });
      form.createDropdown("Country").addToPage(page, { x: 72, y: 650, width: 100, height: 20 });
      form.createButton("Reset").addToPage("Reset", page, { x: 72, y: 600, width: 60, height: 20 });
    });
    expect(found.fields).toEqual([]);
    expect(found.notes).toEqual([
      { kind: "radioGroup", page: 1, label: "Plan" },
      { kind: "choiceList", page: 1, label: "Country" },
      { kind: "pushButton", page: 1, label: "Reset" },
    ]);
    expect(found.pageCount).toBe(2);
  });

  it("that are hidden or have no area are left out; a field without a name is called by its tooltip", async () => {
    const found = await formPdf((document) => {
      const page = document.addPage([612, 792]);
      const form = document.getForm();
      const hidden = form.createTextField("Hidden");
      hidden.addToPage(page, { x: 72, y: 700, width: 100, height: 20 });
      hidden.acroField.getWidgets()[0]?.dict.set(PDFName.of("F"), PDFNumber.of(2));
      form.createTextField("Flat").addToPage(page, { x: 72, y: 650, width: 100, height: 0, borderWidth: 0 });
      const tip = form.createTextField("x");
      tip.addToPage(page, { x: 72, y: 600, width: 100, height: 20 });
      tip.acroField.dict.set(PDFName.of("T"), PDFString.of(""));
      // pdf.js reads a tooltip from the widget's own dictionary.
      tip.acroField.getWidgets()[0]?.dict.set(PDFName.of("TU"), PDFString.of("Your e-mail"));
    });
    expect(found.fields.map((field) => [field.type, field.label])).toEqual([["Email", "Your e-mail"]]);
  });

  it("on a page turned 90 degrees are placed where they show", async () => {
    const found = await formPdf((document) => {
      const page = document.addPage([612, 792]);
      page.setRotation({ type: "degrees", angle: 90 } as never);
      document
        .getForm()
        .createTextField("Name")
        .addToPage(page, { x: 100, y: 200, width: 200, height: 30, borderWidth: 0 });
    });
    // Turned clockwise, user (x, y) shows at (y, x): the widget spans x 200..230, y 100..300 on a 792 × 612 page.
    expect(found.fields[0]).toMatchObject({
      type: "Name",
      x: 200,
      y: 100,
      found: { x: 200, y: 100, width: 30, height: 200 },
    });
  });

  it("on a cropped page are measured from the crop box, and boxes that would leave the page move inwards", async () => {
    const found = await formPdf((document) => {
      const page = document.addPage([612, 792]);
      page.setCropBox(50, 60, 500, 640);
      const form = document.getForm();
      form.createTextField("Notes").addToPage(page, { x: 100, y: 600, width: 200, height: 30, borderWidth: 0 });
      form.createTextField("Email").addToPage(page, { x: 500, y: 62, width: 40, height: 20, borderWidth: 0 });
    });
    expect(found.fields[0]).toMatchObject({ x: 50, y: 70, found: { x: 50, y: 70, width: 200, height: 30 } });
    // Email's box is 200 × 24 on a page shown 500 × 640: it moves left to x 300 and up to y 616.
    expect(found.fields[1]).toMatchObject({ type: "Email", x: 300, y: 616, found: { x: 450, y: 618 } });
  });
});

describe("a text field's name", () => {
  it("says what it holds in the app's languages, and a company's name is no person's name", () => {
    const cases: [string, string, string][] = [
      ["E-Mail", "", "Email"],
      ["courriel", "", "Email"],
      ["correo electrónico", "", "Email"],
      ["メールアドレス", "", "Email"],
      ["邮箱", "", "Email"],
      ["البريد الإلكتروني", "", "Email"],
      ['דוא"ל', "", "Email"],
      ["Datum", "", "Date"],
      ["fecha de nacimiento", "", "Date"],
      ["日付", "", "Date"],
      ["تاريخ", "", "Date"],
      ["תאריך", "", "Date"],
      ["Signature date", "", "Date"],
      ["paraphe", "", "Initials"],
      ["イニシャル", "", "Initials"],
      ["Initialen", "", "Initials"],
      ["Vorname", "", "Name"],
      ["nom", "", "Name"],
      ["Imię i nazwisko", "", "Name"],
      ["氏名", "", "Name"],
      ["姓名", "", "Name"],
      ["الاسم", "", "Name"],
      ["שם מלא", "", "Name"],
      ["form1[0].page1.lastName", "", "Name"],
      ["Company name", "", "Text"],
      ["Nom de l'entreprise", "", "Text"],
      ["File name", "", "Text"],
      ["Username", "", "Text"],
      ["Mailing address", "", "Text"],
      ["Text1", "Date of signing", "Date"],
      ["Address", "", "Text"],
    ];
    for (const [name, tooltip, type] of cases) expect(textFieldType(name, tooltip), name).toBe(type);
  });
});
