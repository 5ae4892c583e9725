import { writeFileSync } from "node:fs";
import path from "node:path";
import { degrees, PDFDocument, type PDFPage } from "pdf-lib";
import type { FieldType } from "../../common/field-boxes.ts";
import type { ExpectedNoteKind } from "./expected-document.ts";
import { fixturesFolder, writeExpected } from "./fixtures-folder.ts";
import type { PopplerPage } from "./page-boxes.ts";
import { drawPieces, type KnownFont, type Piece, standardHelvetica, subsetDejaVu } from "./pdf-text-writer.ts";
import { expectedFromTags, popplerTagCorner } from "./tags-oracle.ts";
import { TagLog } from "./written-tags.ts";

/**
 * PDFs with text tags written by pdf-lib: Helvetica not embedded, DejaVu Sans subset-embedded, tags split over
 * several text objects and fonts, a page turned 90 or 270 degrees, a CropBox away from the origin, tags at the page
 * edge and tags of types the service lacks. Expected positions come from poppler; the generator's own knowledge of
 * where it drew each tag (font ascent above the baseline) must agree within 0.1 pt, or the script fails.
 * Run: `npx tsx scripts/detect-corpus/make-tagged-pdfs.ts`.
 */
const fixedDate = new Date("2024-01-02T03:04:05Z");

interface Sheet {
  page: PDFPage;
  geometry: PopplerPage;
  number: number;
}

interface Drawn {
  page: number;
  text: string;
  x: number;
  y: number;
}

async function newDocument(title: string) {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(title);
  document.setProducer("Signdesk test corpus (pdf-lib)");
  document.setCreationDate(fixedDate);
  document.setModificationDate(fixedDate);
  return document;
}

function addSheet(document: PDFDocument, rotation: 0 | 90 | 270, crop?: [number, number, number, number]): Sheet {
  const page = document.addPage([612, 792]);
  if (rotation !== 0) page.setRotation(degrees(rotation));
  if (crop !== undefined) page.setCropBox(crop[0], crop[1], crop[2] - crop[0], crop[3] - crop[1]);
  return { page, geometry: { cropBox: crop ?? [0, 0, 612, 792], rotation }, number: document.getPageCount() };
}

/** A label, then a tag in one or more pieces; logs the tag and what the generator knows of its box. */
function labelled(
  sheet: Sheet,
  at: { x: number; y: number },
  label: Piece,
  tag: Piece[],
  drawn: Drawn[],
): { text: string; page: number } {
  const { width } = drawPieces(sheet.page, sheet.geometry, at, [label]);
  const radians = (sheet.geometry.rotation * Math.PI) / 180;
  const start = { x: at.x + Math.cos(radians) * width, y: at.y + Math.sin(radians) * width };
  const known = drawPieces(sheet.page, sheet.geometry, start, tag);
  const text = tag.map((piece) => piece.text).join("");
  drawn.push({ page: sheet.number, text, x: known.x, y: known.y });
  return { text, page: sheet.number };
}

type Expect = { field: FieldType; role: number } | { note: ExpectedNoteKind };

function log(tags: TagLog, where: { text: string; page: number }, expect: Expect) {
  if ("note" in expect) tags.note(where.text, where.page, expect.note);
  else tags.field(where.text, where.page, expect.field, expect.role);
}

interface Syntax {
  source: "documensoTag" | "docusealTag";
  roles: string[];
  tag: (type: string, role: number, name: string) => string;
  /** Where the tag is cut into pieces of different fonts. */
  cut: (tag: string) => [string, string, string];
}

const documenso: Syntax = {
  source: "documensoTag",
  roles: ["r1", "r2"],
  tag: (type, role) => `{{${type}, r${role + 1}}}`,
  cut: (tag) => [tag.slice(0, 5), tag.slice(5, 9), tag.slice(9)],
};

const docuseal: Syntax = {
  source: "docusealTag",
  roles: ["Seller", "Buyer"],
  tag: (type, role, name) => `{{${name};role=${role === 0 ? "Seller" : "Buyer"};type=${type}}}`,
  cut: (tag) => [tag.slice(0, 7), tag.slice(7, 20), tag.slice(20)],
};

async function tagged(name: string, syntax: Syntax, turned: 90 | 270, crop: [number, number, number, number]) {
  const document = await newDocument(`Tagged (${syntax.source})`);
  const helvetica = await standardHelvetica(document);
  const dejavu = await subsetDejaVu(document);
  const serif = await subsetDejaVu(document, "DejaVuSerif-Bold.ttf");
  const tags = new TagLog(syntax.source);
  const drawn: Drawn[] = [];
  const write = (
    sheet: Sheet,
    at: { x: number; y: number },
    label: string,
    font: KnownFont,
    tag: Piece[],
    expect: Expect,
  ) => log(tags, labelled(sheet, at, { text: label, font, size: 12 }, tag, drawn), expect);
  const whole = (text: string, font: KnownFont, size = 12): Piece[] => [{ text, font, size }];
  const mixed = (text: string): Piece[] => {
    const [a, b, c] = syntax.cut(text);
    return [
      { text: a, font: helvetica, size: 12 },
      { text: b, font: dejavu, size: 13 },
      { text: c, font: serif, size: 12 },
    ];
  };

  const first = addSheet(document, 0);
  write(first, { x: 72, y: 700 }, "Signature: ", helvetica, whole(syntax.tag("signature", 0, "Sign Here"), helvetica), {
    field: "Signature",
    role: 0,
  });
  write(first, { x: 72, y: 660 }, "Initials: ", dejavu, whole(syntax.tag("initials", 0, "Initials"), dejavu, 11), {
    field: "Initials",
    role: 0,
  });
  write(first, { x: 72, y: 620 }, "Date: ", helvetica, mixed(syntax.tag("date", 1, "Date Signed")), {
    field: "Date",
    role: 1,
  });
  write(first, { x: 300, y: 620 }, "Also: ", dejavu, mixed(syntax.tag("text", 0, "Reference")), {
    field: "Text",
    role: 0,
  });
  write(first, { x: 72, y: 580 }, "Agree: ", helvetica, whole(syntax.tag("checkbox", 1, "Agree"), dejavu), {
    field: "Checkbox",
    role: 1,
  });

  const sideways = addSheet(document, turned);
  const along = turned === 90 ? { x: 560, y: 72 } : { x: 52, y: 720 };
  const step = turned === 90 ? -40 : 40;
  write(sideways, along, "Second signer: ", helvetica, whole(syntax.tag("signature", 1, "Buyer Sign"), helvetica), {
    field: "Signature",
    role: 1,
  });
  write(
    sideways,
    { x: along.x + step, y: along.y },
    "First signer: ",
    dejavu,
    mixed(syntax.tag("initials", 0, "First Initials")),
    { field: "Initials", role: 0 },
  );

  const cropped = addSheet(document, 0, crop);
  write(
    cropped,
    { x: crop[0] + 20, y: crop[3] - 40 },
    "Dated: ",
    dejavu,
    whole(syntax.tag("date", 0, "Cropped Date"), dejavu),
    { field: "Date", role: 0 },
  );
  write(
    cropped,
    { x: crop[0] + 20, y: crop[3] - 80 },
    "Tick: ",
    helvetica,
    whole(syntax.tag("checkbox", 1, "Cropped Tick"), helvetica),
    { field: "Checkbox", role: 1 },
  );

  const edge = addSheet(document, 0);
  const edgeTag = syntax.tag("signature", 0, "Edge");
  const edgeX = 612 - 3 - helvetica.font.widthOfTextAtSize(edgeTag, 9);
  write(edge, { x: edgeX, y: 400 }, "", helvetica, whole(edgeTag, helvetica, 9), { field: "Signature", role: 0 });
  write(edge, { x: 20, y: 6 }, "Bottom: ", dejavu, whole(syntax.tag("initials", 1, "Low"), dejavu, 10), {
    field: "Initials",
    role: 1,
  });
  write(
    edge,
    { x: 72, y: 300 },
    "Lacking: ",
    helvetica,
    whole(syntax.source === "documensoTag" ? "{{number, r1}}" : "{{Phone;role=Buyer;type=phone}}", helvetica),
    { note: "unsupportedType" },
  );
  write(
    edge,
    { x: 72, y: 260 },
    "Lacking: ",
    helvetica,
    whole(syntax.source === "documensoTag" ? "{{radio, r2}}" : "{{Photo;role=Seller;type=image}}", dejavu),
    { note: "unsupportedType" },
  );

  const file = path.join(fixturesFolder, `${name}.pdf`);
  writeFileSync(file, await document.save({ useObjectStreams: false }));
  const expected = expectedFromTags(file, tags.tags, syntax.roles);
  for (const knowledge of drawn) {
    const seen = popplerTagCorner(file, knowledge.page, knowledge.text);
    if (Math.abs(seen.x - knowledge.x) > 0.1 || Math.abs(seen.y - knowledge.y) > 0.1) {
      const told = `poppler ${JSON.stringify(seen)}, drawn ${JSON.stringify(knowledge)}`;
      throw new Error(`${name} p${knowledge.page} ${knowledge.text}: ${told}`);
    }
  }
  writeExpected(`${name}.pdf`, expected);
}

await tagged("tagged-pdflib-documenso", documenso, 90, [60, 80, 560, 700]);
await tagged("tagged-pdflib-docuseal", docuseal, 270, [30, 40, 582, 752]);
