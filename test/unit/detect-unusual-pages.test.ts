import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type PDFDocument as Doc, PDFDocument, PDFName, PDFNumber, PDFOperator, rgb, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectFields } from "../../node-shared/pdf/detect/detect-fields";

/**
 * Pages built to trip the detector's readings of what lies under a tag and of lines (issue 34), each from a review:
 * filled paths that are not rectangles, a form's BBox, columns drawn row by row, a tag of 150,000 glyphs.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "detect-unusual-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const op = (name: string, ...args: number[]) =>
  PDFOperator.of(
    name as never,
    args.map((arg) => PDFNumber.of(arg)),
  );

/** A Letter page drawn by `draw`, saved; the detector's answer for it. */
async function detectOn(name: string, draw: (doc: Doc, page: ReturnType<Doc["addPage"]>) => Promise<void>) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  await draw(doc, page);
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, await doc.save());
  return detectFields(file);
}

/** The cover colour of the one tag `Sign here: {{…}}` drawn over what `under` paints. */
async function coverColorOver(name: string, under: (doc: Doc, page: ReturnType<Doc["addPage"]>) => void) {
  const found = await detectOn(name, async (doc, page) => {
    under(doc, page);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText("Sign here: {{Signature;type=signature;role=Buyer}}", { x: 60, y: 400, size: 12, font });
  });
  expect(found.fields).toHaveLength(1);
  return found.fields[0]?.cover?.color ?? "#ffffff";
}

describe("the colour under a tag", () => {
  it("is the page's where a filled path's box holds the tag but the path does not", async () => {
    // A page frame as one even-odd path (outer minus inner rectangle), and a triangle beside the tag.
    const frame = (_: Doc, page: ReturnType<Doc["addPage"]>) =>
      page.pushOperators(
        op("q"),
        op("rg", 0, 0, 0),
        op("re", 20, 20, 572, 752),
        op("re", 30, 30, 552, 732),
        op("f*"),
        op("Q"),
      );
    expect(await coverColorOver("frame", frame)).toBe("#ffffff");
    expect(
      await coverColorOver("triangle", (_, page) =>
        page.pushOperators(
          op("q"),
          op("rg", 1, 0, 0),
          op("m", 0, 0),
          op("l", 612, 0),
          op("l", 612, 792),
          op("h"),
          op("f"),
          op("Q"),
        ),
      ),
    ).toBe("#ffffff");
    // A rounded highlight inside the frame is under the tag: its colour.
    expect(
      await coverColorOver("rounded", (doc, page) => {
        frame(doc, page);
        page.pushOperators(
          ...[op("q"), op("rg", 0.8, 0.8, 0.8), op("m", 60, 370), op("l", 440, 370)],
          ...[op("c", 450, 370, 450, 410, 440, 410), op("l", 60, 410), op("c", 50, 410, 50, 370, 60, 370)],
          ...[op("h"), op("f"), op("Q")],
        );
      }),
    ).toBe("#cccccc");
    expect(
      await coverColorOver("cell", (_, page) =>
        page.drawRectangle({ x: 50, y: 370, width: 400, height: 40, color: rgb(0.2, 0.6, 0.9) }),
      ),
    ).toBe("#3399e6");
  });

  it("is not a form's paint outside the form's BBox", async () => {
    const color = await coverColorOver("form", (doc, page) => {
      const form = doc.context.stream("0.5 g 0 0 612 792 re f", {
        Type: "XObject",
        Subtype: "Form",
        BBox: [0, 700, 612, 792],
      });
      page.node.setXObject(PDFName.of("Fx1"), doc.context.register(form));
      page.pushOperators(PDFOperator.of("Do" as never, [PDFName.of("Fx1")]));
    });
    expect(color).toBe("#ffffff");
  });
});

describe("lines and tags", () => {
  it("does not join a tag's start to another column's line drawn next", async () => {
    const found = await detectOn("columns", async (doc, page) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      // Two columns drawn across each row: left line 1, right line 1, left line 2, right line 2.
      page.drawText("{{Buyer Full", { x: 50, y: 700, size: 11, font });
      page.drawText("{{Seller Full", { x: 320, y: 700, size: 11, font });
      page.drawText("Legal Name;role=Buyer}}", { x: 50, y: 686, size: 11, font });
      page.drawText("Legal Name;role=Seller}}", { x: 320, y: 686, size: 11, font });
    });
    expect(found.fields.map((field) => field.label)).not.toContain("{{Seller Full Legal Name;role=Buyer}}");
  });

  it("joins a tag broken inside a word onto the next line, where only the whole word makes a field", async () => {
    const found = await detectOn("broken-word", async (doc, page) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      page.drawText("The tenant signs: {{Tenant;role=Tenant;type=signa", { x: 50, y: 700, size: 11, font });
      page.drawText("ture}} and the landlord: {{Landlord sign;role=Landlord;type=", { x: 50, y: 686, size: 11, font });
      page.drawText("signature}}", { x: 50, y: 672, size: 11, font });
    });
    expect(found.fields.map((field) => [field.type, field.label])).toEqual([
      ["Signature", "{{Tenant;role=Tenant;type=signature}}"],
      ["Signature", "{{Landlord sign;role=Landlord;type= signature}}"],
    ]);
    expect(found.fields.map((field) => field.moreCovers?.length)).toEqual([1, 1]);
  });

  it("reads a line of Latin tags as written, even where reading it backwards would give more", async () => {
    const found = await detectOn("latin", async (doc, page) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      page.drawText("{{Full Name;type=text;role=Seller 2}}: {{r1, signature}},", { x: 50, y: 700, size: 11, font });
    });
    expect(found.fields.map((field) => [field.label, found.roles[field.role]])).toEqual([
      ["{{Full Name;type=text;role=Seller 2}}", "Seller 2"],
    ]);
  });

  it("finds a tag of 150,000 glyphs without running out of stack", async () => {
    const found = await detectOn("long", async (doc, page) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      page.drawText(`{{Notes;type=text;title=${"a".repeat(150_000)}}}`, { x: 10, y: 400, size: 0.05, font });
      page.drawText("{{Sign;type=signature}}", { x: 10, y: 300, size: 12, font });
    });
    expect(found.fields.map((field) => field.type)).toEqual(["Text", "Signature"]);
  }, 60_000);
});
