import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { concatTransformationMatrix, degrees, PDFArray, PDFDict, PDFDocument, PDFName, rgb } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { displayedSize, displayedToUser, type PageGeometry, type Rotation } from "../../common/coordinates";
import { fieldBoxSizes } from "../../common/fields";
import {
  type AuditTrail,
  buildFinalPdf,
  type FinalPdf,
  type StampedField,
} from "../../sandbox/final-pdf/build-final-pdf";
import { type Drawn, drawnOnPage } from "../support/pdf-drawn";
import { readPageCount, readPageText, readTextItems, type TextItem } from "../support/pdf-text";
import { testSealCertificate } from "../support/seal";

type Edges = [number, number, number, number];

interface PageSpec {
  label: string;
  mediaBox: Edges;
  cropBox?: Edges;
  rotation: Rotation;
  /** Leave the page's content with a changed transformation matrix (no q … Q), as some generators do. */
  strayMatrix?: boolean;
}

const pageSpecs: PageSpec[] = [
  { label: "Letter", mediaBox: [0, 0, 612, 792], rotation: 0, strayMatrix: true },
  { label: "Rotate 90", mediaBox: [0, 0, 612, 792], rotation: 90 },
  { label: "Rotate 270", mediaBox: [0, 0, 612, 792], rotation: 270 },
  { label: "offset CropBox", mediaBox: [0, 0, 700, 900], cropBox: [50, 60, 662, 852], rotation: 0 },
  { label: "Rotate 180", mediaBox: [0, 0, 612, 792], rotation: 180 },
  { label: "offset CropBox, Rotate 90", mediaBox: [0, 0, 700, 900], cropBox: [50, 60, 662, 852], rotation: 90 },
];

const geometryOf = (spec: PageSpec): PageGeometry => ({
  cropBox: spec.cropBox ?? spec.mediaBox,
  rotation: spec.rotation,
});

/** A minimal RGBA PNG (signature, IHDR, IDAT, IEND): a dark stroke on transparent ground. */
function signaturePng(width: number, height: number): string {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - height / 2 - (height / 3) * Math.sin((x / width) * 2 * Math.PI)) < 1.5;
      if (onStroke) raw.set([20, 30, 90, 255], y * (width * 4 + 1) + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

const signature = signaturePng(90, 24);
const longEmail = "jane.roe.with.a.rather.long.address@signing.example.com";
const longText = `Lorem ipsum dolor sit amet ${"consectetur adipiscing elit ".repeat(8)}end`;

function fieldsFor(spec: PageSpec, page: number): StampedField[] {
  const { width, height } = displayedSize(geometryOf(spec));
  const fields: StampedField[] = [
    { id: `p${page}-text`, type: "Text", page, x: 36, y: 36, value: `Text value ${page}` },
    { id: `p${page}-name`, type: "Name", page, x: width - 200, y: 90, value: `Jane Roe ${page}` },
    {
      id: `p${page}-email`,
      type: "Email",
      page,
      x: 60,
      y: height / 2 - 12,
      value: page % 2 ? longEmail : `jr${page}@example.com`,
    },
    { id: `p${page}-date`, type: "Date", page, x: width - 146, y: height - 60, value: `2026-03-0${page}` },
    { id: `p${page}-signature`, type: "Signature", page, x: 40, y: height - 170, value: signature },
    { id: `p${page}-check`, type: "Checkbox", page, x: width / 2, y: 200, value: true },
    { id: `p${page}-uncheck`, type: "Checkbox", page, x: width / 2 + 40, y: 200, value: false },
  ];
  if (page === 1) fields.push({ id: "p1-long", type: "Text", page, x: 36, y: 300, value: longText });
  return fields;
}

/** The test document: one page per spec, each field's box outlined (so a rendering shows where values belong). */
async function buildOriginal(specs: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  specs.forEach((spec, index) => {
    const [left, bottom, right, top] = spec.mediaBox;
    const page = doc.addPage([right - left, top - bottom]);
    page.setMediaBox(left, bottom, right - left, top - bottom);
    if (spec.cropBox)
      page.setCropBox(
        spec.cropBox[0],
        spec.cropBox[1],
        spec.cropBox[2] - spec.cropBox[0],
        spec.cropBox[3] - spec.cropBox[1],
      );
    page.setRotation(degrees(spec.rotation));
    for (const field of fieldsFor(spec, index + 1)) {
      const { width, height } = fieldBoxSizes[field.type];
      const corners = [
        [field.x, field.y],
        [field.x + width, field.y],
        [field.x + width, field.y + height],
        [field.x, field.y + height],
      ].map(([x = 0, y = 0]) => displayedToUser(geometryOf(spec), { x, y }));
      corners.forEach((start, corner) => {
        const end = corners[(corner + 1) % corners.length] ?? start;
        page.drawLine({ start, end, thickness: 0.5, color: rgb(0.6, 0.6, 0.8) });
      });
    }
    if (spec.strayMatrix) page.pushOperators(concatTransformationMatrix(1, 0, 0, 1, 100, 100));
  });
  return doc.save();
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** BaseFont names of the page's fonts that carry an embedded TrueType program (FontFile2). */
function embeddedTrueTypeFonts(doc: PDFDocument, pageIndex: number): string[] {
  const fonts = doc.getPage(pageIndex).node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
  const names: string[] = [];
  for (const [, ref] of fonts?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    const descendant = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookup(0, PDFDict) ?? font;
    const descriptor = descendant.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    if (descriptor?.has(PDFName.of("FontFile2"))) names.push(String(font.get(PDFName.of("BaseFont"))));
  }
  return names;
}

const audit: AuditTrail = {
  documentId: "doc_7f3a91",
  documentName: "Lease agreement 2026.pdf",
  createdAt: "2026-03-01T09:00:00.000Z",
  finalizedAt: "2026-03-02T17:45:12.000Z",
  signers: [
    { name: "Jane Roe", email: "jane@example.com", signedAt: "2026-03-02T10:01:00.000Z", ipAddress: "203.0.113.7" },
    { name: "John Doe", email: "john@example.org", signedAt: "2026-03-02T17:45:12.000Z", ipAddress: "2001:db8::17" },
  ],
  originalSha256: "",
};

describe("buildFinalPdf", () => {
  const fields = pageSpecs.flatMap((spec, index) => fieldsFor(spec, index + 1));
  let original: Uint8Array;
  let final: FinalPdf;
  let items: TextItem[];

  beforeAll(async () => {
    original = await buildOriginal(pageSpecs);
    audit.originalSha256 = sha256(original);
    final = await buildFinalPdf(original, fields, audit, await testSealCertificate());
    items = await readTextItems(final.bytes);
  });

  it("stamps every text value upright, left edge at box.x + 2, inside its box, on every kind of page", () => {
    let worstLeft = 0;
    let worstVertical = 0;
    for (const field of fields.filter(
      (candidate) => typeof candidate.value === "string" && !candidate.value.startsWith("data:"),
    )) {
      const box = fieldBoxSizes[field.type];
      const found = items.filter(
        (item) => item.page === field.page && String(field.value).startsWith(item.text.replace(/\u2026$/, "")),
      );
      expect(found, `${field.id} on page ${field.page}`).toHaveLength(1);
      const item = found[0] as TextItem;
      expect(Math.abs(item.angle), field.id).toBeLessThan(0.01);
      expect(Math.abs(item.x - (field.x + 2)), field.id).toBeLessThanOrEqual(1);
      expect(item.y, field.id).toBeGreaterThanOrEqual(field.y - 1);
      expect(item.y + item.height, field.id).toBeLessThanOrEqual(field.y + box.height + 1);
      expect(item.x + item.width, field.id).toBeLessThanOrEqual(field.x + box.width - 2 + 1);
      worstLeft = Math.max(worstLeft, Math.abs(item.x - (field.x + 2)));
      // Centred on Noto Sans' ascent (1069/1000 em) and descent (293/1000 em) below the baseline.
      const baseline = item.y + item.height;
      const bandCentre = baseline - ((1069 - 293) / 2 / 1000) * item.height;
      worstVertical = Math.max(worstVertical, Math.abs(bandCentre - (field.y + box.height / 2)));
    }
    expect(worstLeft).toBeLessThan(0.01);
    if (process.env.FINAL_PDF_DEBUG) console.log({ worstLeft, worstVertical });
    expect(worstVertical).toBeLessThan(0.01);
  });

  it("shrinks a long value to fit (not below 5 pt) and truncates it with an ellipsis beyond that", () => {
    const email = items.find((item) => item.page === 1 && item.text === longEmail);
    expect(email?.height).toBeGreaterThanOrEqual(5);
    expect(email?.height).toBeLessThan(11);
    const long = items.find((item) => item.page === 1 && item.text.startsWith("Lorem ipsum"));
    expect(long?.text.endsWith("\u2026")).toBe(true);
    expect(long?.height).toBeCloseTo(5, 3);
    const short = items.find((item) => item.page === 1 && item.text === "Text value 1");
    expect(short?.height).toBeCloseTo(11, 3);
  });

  it("draws the signature image upright, scaled and centred in its box, and a tick only for true checkboxes", async () => {
    for (const [index] of pageSpecs.entries()) {
      const page = index + 1;
      const drawn = await drawnOnPage(final.bytes, page);
      const sig = fields.find((field) => field.id === `p${page}-signature`) as StampedField;
      const images = drawn.filter((item) => item.kind === "image");
      expect(images).toHaveLength(1);
      const image = images[0] as Drawn;
      const [a = 0, b = 0, c = 0, d = 0] = image.matrix;
      expect([Math.abs(b), Math.abs(c)], `page ${page}`).toEqual([expect.closeTo(0, 6), expect.closeTo(0, 6)]);
      expect(a, `page ${page}: left to right`).toBeGreaterThan(0);
      expect(d, `page ${page}: image top at the displayed top`).toBeLessThan(0);
      const box = fieldBoxSizes.Signature;
      const scale = Math.min(box.width / 90, box.height / 24);
      expect(image.width).toBeCloseTo(90 * scale, 3);
      expect(image.height).toBeCloseTo(24 * scale, 3);
      expect(image.x + image.width / 2).toBeCloseTo(sig.x + box.width / 2, 3);
      expect(image.y + image.height / 2).toBeCloseTo(sig.y + box.height / 2, 3);

      const insideBox = (field: StampedField) => (item: Drawn) =>
        item.kind === "path" &&
        item.x >= field.x + 1 &&
        item.y >= field.y + 1 &&
        item.x + item.width <= field.x + 15 &&
        item.y + item.height <= field.y + 15;
      const check = fields.find((field) => field.id === `p${page}-check`) as StampedField;
      const uncheck = fields.find((field) => field.id === `p${page}-uncheck`) as StampedField;
      expect(drawn.filter(insideBox(check)).length, `page ${page}`).toBeGreaterThanOrEqual(2);
      expect(drawn.filter(insideBox(uncheck))).toHaveLength(0);
    }
  });

  it("embeds Noto Sans as a subset TrueType font program under a six-letter tag", async () => {
    const doc = await PDFDocument.load(final.bytes);
    for (const pageIndex of [0, 1, doc.getPageCount() - 1]) {
      const fonts = embeddedTrueTypeFonts(doc, pageIndex);
      expect(
        fonts.some((name) => /^\/[A-Z]{6}\+NotoSans-Regular$/.test(name)),
        String(fonts),
      ).toBe(true);
    }
  });

  it("appends one unrotated Letter audit page listing the document, the signers and both hashes", async () => {
    expect(await readPageCount(final.bytes)).toBe(pageSpecs.length + 1);
    const doc = await PDFDocument.load(final.bytes);
    const last = doc.getPage(pageSpecs.length);
    expect(last.getSize()).toEqual({ width: 612, height: 792 });
    expect(last.getRotation().angle).toBe(0);
    const text = await readPageText(final.bytes, pageSpecs.length + 1);
    expect(text).toContain("Audit trail");
    for (const value of [audit.documentName, audit.documentId, audit.createdAt, audit.finalizedAt]) {
      expect(text).toContain(value);
    }
    for (const signer of audit.signers) {
      for (const value of [signer.name, signer.email, signer.signedAt, signer.ipAddress]) expect(text).toContain(value);
    }
    expect(text).toContain(`SHA-256 of the original document: ${audit.originalSha256}`);
    expect(text).toContain("SHA-256 of the signed document (every page before the audit trail):");
    expect(text).toContain("Audit trail, page 1 of 1");
    expect(text).toContain(final.signedContentSha256);
    expect(final.signedContentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(final.signedContentSha256).not.toBe(audit.originalSha256);
  });

  it("keeps the signed document as a byte prefix of the final file, so the printed hash can be checked", async () => {
    const text = await readPageText(final.bytes, pageSpecs.length + 1);
    const length = Number(/first (\d+) bytes of this file/.exec(text)?.[1]);
    expect(length).toBeGreaterThan(original.length);
    const prefix = final.bytes.subarray(0, length);
    expect(sha256(prefix)).toBe(final.signedContentSha256);
    expect(await readPageCount(prefix)).toBe(pageSpecs.length);
    const stamped = await readTextItems(prefix);
    expect(stamped.map(({ page, text: value, x, y }) => ({ page, value, x, y }))).toEqual(
      items
        .filter((item) => item.page <= pageSpecs.length)
        .map(({ page, text: value, x, y }) => ({ page, value, x, y })),
    );
  });

  it("flows 20 signers with the longest names and addresses onto numbered audit pages, every value whole", async () => {
    const [spec] = pageSpecs;
    const single = await buildOriginal(spec ? [spec] : []);
    // The longest the sandbox accepts: names of 200 characters, addresses of 254 (64 before the @).
    const signers = Array.from({ length: 20 }, (_, index) => {
      const number = String(index + 1).padStart(2, "0");
      const domain = `${"d".repeat(62)}.${"e".repeat(62)}.${"f".repeat(62)}.example.com`;
      return {
        name: `Signer ${number} ${"Bartholomew-Maximilian ".repeat(9)}`.slice(0, 200),
        email: `${"a".repeat(62)}${number}@${domain.slice(domain.length - 189)}`,
        signedAt: `2026-03-02T10:${String(index).padStart(2, "0")}:00.000Z`,
        ipAddress: `2001:db8:ffff:ffff:ffff:ffff:ffff:${index + 1}`,
      };
    });
    expect(signers.map((signer) => [signer.name.length, signer.email.length])).toContainEqual([200, 254]);
    const documentName = `${"Long document name ".repeat(14)}`.slice(0, 255);
    const result = await buildFinalPdf(
      single,
      [],
      {
        ...audit,
        documentName,
        signers,
        originalSha256: sha256(single),
      },
      await testSealCertificate(),
    );
    const pages = await readPageCount(result.bytes);
    const auditPages = pages - 1;
    expect(auditPages).toBeGreaterThan(1);
    const texts: string[] = [];
    for (let number = 2; number <= pages; number += 1) texts.push(await readPageText(result.bytes, number));
    texts.forEach((text, index) => {
      expect(text).toContain(`Audit trail, page ${index + 1} of ${auditPages}`);
      expect(text).toContain(index === 0 ? "Audit trail" : "Audit trail (continued)");
    });
    // Wrapped values read back whole once line breaks are taken out; each signer's entry stays on one page.
    const joined = texts.map((text) => text.replace(/\s+/g, ""));
    for (const [index, signer] of signers.entries()) {
      const entry = `${index + 1}.${signer.name}Email:${signer.email}`.replace(/\s+/g, "");
      expect(
        joined.filter((text) => text.includes(entry)),
        signer.email,
      ).toHaveLength(1);
    }
    const all = joined.join("");
    expect(all).toContain(documentName.replace(/\s+/g, ""));
    expect(all).toContain(result.signedContentSha256);
    expect(all).toContain(sha256(single));
    if (process.env.FINAL_PDF_DEBUG) console.log({ auditPages });
  });

  it("is deterministic: the same input gives the same bytes", async () => {
    const again = await buildFinalPdf(original, fields, audit, await testSealCertificate());
    expect(again.signedContentSha256).toBe(final.signedContentSha256);
    expect(sha256(again.bytes)).toBe(sha256(final.bytes));
  });

  it("throws an Error naming the field when a value has the wrong type or a field is off the document", async () => {
    const base = { page: 1, x: 40, y: 40 };
    const wrong: StampedField[] = [
      { id: "text-true", type: "Text", ...base, value: true },
      { id: "check-yes", type: "Checkbox", ...base, value: "yes" },
      { id: "signature-jpeg", type: "Signature", ...base, value: "data:image/jpeg;base64,AAAA" },
      { id: "initials-broken", type: "Initials", ...base, value: "data:image/png;base64,AAAA" },
      { id: "page-nine", type: "Name", ...base, page: 9, value: "Jane" },
    ];
    for (const field of wrong) {
      await expect(buildFinalPdf(original, [field], audit, await testSealCertificate()), field.id).rejects.toThrow(
        field.id,
      );
    }
  });
});
