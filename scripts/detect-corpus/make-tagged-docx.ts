import { writeFileSync } from "node:fs";
import path from "node:path";
import { type Block, docxBytes } from "./docx-package.ts";
import { fixturesFolder, writeExpected } from "./fixtures-folder.ts";
import { convertWithLibreOffice } from "./soffice-convert.ts";
import { expectedFromTags } from "./tags-oracle.ts";
import { TagLog } from "./written-tags.ts";

/**
 * Word documents with text tags, written as raw WordprocessingML and converted to PDF with LibreOffice; the PDF is the
 * corpus file (as in the app, where fields are placed on the converted PDF). Expected positions come from poppler's
 * word boxes in that PDF. Run: `npx tsx scripts/detect-corpus/make-tagged-docx.ts [name…]`.
 */
const prose =
  "This agreement is made between the parties named below. Each party has read the terms, had the chance to ask questions, and signs of their own free will.";

function documensoContract(): { blocks: Block[]; tags: TagLog; roles: string[] } {
  const tags = new TagLog("documensoTag");
  const blocks: Block[] = [
    { paragraph: [{ text: "Services Agreement", bold: true, size: 32 }] },
    { paragraph: [prose] },
    { paragraph: ["Client signature: ", tags.field("{{signature, r1}}", 1, "Signature", 0)] },
    { paragraph: ["Client name: ", tags.field("{{name, r1}}", 1, "Name", 0)] },
    { paragraph: ["Client email: ", tags.field("{{email, r1}}", 1, "Email", 0)] },
    { paragraph: ["Signed on: ", tags.field("{{date, r1}}", 1, "Date", 0)] },
    { paragraph: ["Hours agreed: ", tags.note("{{number, r1}}", 1, "unsupportedType")] },
    {
      // One tag in three runs, broken mid-word, each formatted differently (bold, italic red 12 pt, plain).
      paragraph: [
        "Provider signature: ",
        { text: "{{sig", bold: true },
        { text: "nat", italic: true, color: "C00000", size: 24 },
        { text: "ure, r2}}" },
      ],
    },
    { paragraph: ["Provider company: ", tags.field("{{text, r2, label=Company}}", 1, "Text", 1)] },
    { paragraph: ["Provider accepts the schedule: ", tags.field("{{checkbox, r2}}", 1, "Checkbox", 1)] },
    { pageBreak: true },
    { paragraph: [{ text: "Signatures", bold: true, size: 28 }] },
    {
      table: [
        [["Client"], ["Provider"]],
        [[tags.field("{{signature, r1}}", 2, "Signature", 0)], [tags.field("{{signature, r2}}", 2, "Signature", 1)]],
        [[tags.field("{{initials, r1}}", 2, "Initials", 0)], [tags.field("{{initials, r2}}", 2, "Initials", 1)]],
        [[tags.field("{{date, r1}}", 2, "Date", 0)], [tags.field("{{date, r2}}", 2, "Date", 1)]],
      ],
    },
  ];
  // The split tag of page 1 is logged where it sits in reading order: after the number note.
  tags.tags.splice(5, 0, {
    text: "{{signature, r2}}",
    page: 1,
    expect: { field: "Signature", source: "documensoTag", role: 1 },
  });
  return { blocks, tags, roles: ["r1", "r2"] };
}

function docusealLease(): { blocks: Block[]; tags: TagLog; roles: string[] } {
  const tags = new TagLog("docusealTag");
  const blocks: Block[] = [
    { paragraph: [{ text: "Residential Lease", bold: true, size: 32 }] },
    { paragraph: [prose] },
    { paragraph: ["Landlord: ", tags.field("{{Landlord Signature;role=Landlord;type=signature}}", 1, "Signature", 0)] },
    {
      paragraph: [
        "Landlord initials: ",
        { text: "{{Landlord Ini", bold: true },
        { text: "tials;role=Land", italic: true, color: "1F4E79" },
        { text: "lord;type=initials}}" },
      ],
    },
    { paragraph: ["Tenant: ", tags.field("{{Tenant Signature;role=Tenant;type=signature}}", 1, "Signature", 1)] },
    { paragraph: ["Move-in date: ", tags.field("{{Move-in Date;role=Tenant;type=date}}", 1, "Date", 1)] },
    { paragraph: ["Parking space: ", tags.field("{{Parking Space;role=Tenant;type=text}}", 1, "Text", 1)] },
    { paragraph: ["Pets allowed: ", tags.field("{{Pets;role=Tenant;type=checkbox}}", 1, "Checkbox", 1)] },
    { paragraph: ["Tenant phone: ", tags.note("{{Phone;role=Tenant;type=phone}}", 1, "unsupportedType")] },
    {
      table: [
        [["Landlord"], ["Tenant"]],
        [
          [tags.field("{{Sign;role=Landlord;type=signature}}", 1, "Signature", 0)],
          [tags.field("{{Sign;role=Tenant;type=signature}}", 1, "Signature", 1)],
        ],
        [
          [tags.field("{{Day;role=Landlord;type=date}}", 1, "Date", 0)],
          [tags.field("{{Day;role=Tenant;type=date}}", 1, "Date", 1)],
        ],
      ],
    },
  ];
  tags.tags.splice(1, 0, {
    text: "{{Landlord Initials;role=Landlord;type=initials}}",
    page: 1,
    expect: { field: "Initials", source: "docusealTag", role: 0 },
  });
  return { blocks, tags, roles: ["Landlord", "Tenant"] };
}

function e2eContract(): { blocks: Block[]; tags: TagLog; roles: string[] } {
  const tags = new TagLog("documensoTag");
  const blocks: Block[] = [
    { paragraph: [{ text: "Consulting Agreement", bold: true, size: 32 }] },
    { paragraph: [prose] },
    { paragraph: ["First signer:"] },
    // Room under each tag for its field's box (a signature is 48 pt high, a name 24 pt): fields do not overlap.
    { paragraph: [tags.field("{{signature, r1}}", 1, "Signature", 0)] },
    { paragraph: [""] },
    { paragraph: [""] },
    { paragraph: [""] },
    { paragraph: [tags.field("{{name, r1}}", 1, "Name", 0)] },
    { paragraph: [""] },
    { paragraph: [tags.field("{{date, r1}}", 1, "Date", 0)] },
    { paragraph: [""] },
    { paragraph: ["Second signer:"] },
    { paragraph: [tags.field("{{signature, r2}}", 1, "Signature", 1)] },
  ];
  return { blocks, tags, roles: ["r1", "r2"] };
}

/** Tags on coloured ground: a highlighted run, shaded table cells (their covers take that colour, not white). */
function shadedForm(): { blocks: Block[]; tags: TagLog; roles: string[] } {
  const tags = new TagLog("documensoTag");
  const blocks: Block[] = [
    { paragraph: [{ text: "Order Form", bold: true, size: 32 }] },
    { paragraph: [prose] },
    {
      paragraph: [
        "Buyer signs here: ",
        { text: tags.field("{{signature, r1}}", 1, "Signature", 0), shading: "FFF2CC" },
      ],
    },
    { paragraph: [""] },
    { paragraph: [""] },
    {
      shading: "DEEAF6",
      table: [
        [["Buyer"], ["Seller"]],
        [[tags.field("{{name, r1}}", 1, "Name", 0)], [tags.field("{{name, r2}}", 1, "Name", 1)]],
        [[tags.field("{{date, r1}}", 1, "Date", 0)], [tags.field("{{date, r2}}", 1, "Date", 1)]],
      ],
    },
    { paragraph: [""] },
    { paragraph: ["Seller's company: ", tags.field("{{text, r2}}", 1, "Text", 1)] },
  ];
  return { blocks, tags, roles: ["r1", "r2"] };
}

/**
 * Tags with Arabic and Hebrew names and roles: in left-to-right paragraphs and in right-to-left ones (Word's w:bidi),
 * where LibreOffice draws the line's runs out of order and the braces mirrored; a role with a number in it.
 */
function rightToLeftForm(): { blocks: Block[]; tags: TagLog; roles: string[] } {
  const tags = new TagLog("docusealTag");
  const documenso = new TagLog("documensoTag");
  const blocks: Block[] = [
    { paragraph: [{ text: "عقد بيع", bold: true, size: 32 }], rightToLeft: true },
    { paragraph: ["Buyer: ", tags.field("{{توقيع المشتري;role=المشتري;type=signature}}", 1, "Signature", 1)] },
    { paragraph: [""] },
    { paragraph: [""] },
    { paragraph: ["التاريخ: ", tags.field("{{التاريخ;role=المشتري;type=date}}", 1, "Date", 1)], rightToLeft: true },
    { paragraph: [""] },
    { paragraph: ["توقيع البائع: ", documenso.field("{{signature, r1}}", 1, "Signature", 0)], rightToLeft: true },
    { paragraph: [""] },
    { paragraph: [""] },
    { paragraph: ["שם: ", tags.field("{{שם מלא;role=קונה;type=text}}", 1, "Text", 2)], rightToLeft: true },
    { paragraph: [""] },
    {
      paragraph: ["الشاهد: ", tags.field("{{توقيع;role=الشاهد 2;type=signature}}", 1, "Signature", 3)],
      rightToLeft: true,
    },
  ];
  // In reading order: the Documenso tag sits between the date and the Hebrew name.
  tags.tags.splice(2, 0, ...documenso.tags);
  return { blocks, tags, roles: ["r1", "المشتري", "קונה", "الشاهد 2"] };
}

/** Tags that Word's line breaking wraps onto the next line: at the end of a paragraph, in a narrow table cell. */
function wrappedTags(): { blocks: Block[]; tags: TagLog; roles: string[] } {
  const tags = new TagLog("docusealTag");
  const documenso = new TagLog("documensoTag");
  const blocks: Block[] = [
    { paragraph: [{ text: "Purchase Agreement", bold: true, size: 32 }] },
    {
      paragraph: [
        "The buyer agrees to every term above and signs this agreement here: ",
        tags.field("{{Buyer Full Legal Name;role=Buyer;type=text}}", 1, "Text", 2),
      ],
    },
    { paragraph: [""] },
    {
      paragraph: [
        "The seller confirms the goods are free of any claim and signs below it:   ",
        documenso.field("{{signature, r2, required=true}}", 1, "Signature", 1),
      ],
    },
    { paragraph: [""] },
    { paragraph: [""] },
    { paragraph: [""] },
    {
      table: [
        [["Initials"], ["Seller"], ["Date"]],
        [
          [documenso.field("{{initials, r1, required=true}}", 1, "Initials", 0)],
          ["Seller"],
          [documenso.field("{{date, r2}}", 1, "Date", 1)],
        ],
      ],
    },
  ];
  tags.tags.push(...documenso.tags);
  return { blocks, tags, roles: ["r1", "r2", "Buyer"] };
}

/** Prose full of braces that are not tags: template-language documentation and JSON. */
function bracesProse(): Block[] {
  const lines = [
    "Templates in this guide use Handlebars. Write {{ user.name }} to print a value, and {{user.email}} without spaces.",
    "Loops: {{#each items}} {{this.title}} {{/each}}; conditions: {{#if signed}} Thank you {{else}} Please sign {{/if}}.",
    "Jinja works alike: {{ contract.date | date }} and {% if party %} {{ party.role }} {% endif %}.",
    'A JSON body looks like {"a": {"b": 1}} and an empty one like {}; nested {"sig": {"r1": true}} is data, not a field.',
    "Escaped braces \\{{signature}} and a lone {{ are printed as they are. Mustache partials: {{> footer}}.",
  ];
  return [
    { paragraph: [{ text: "Template syntax", bold: true, size: 28 }] },
    ...lines.map((line) => ({ paragraph: [line] })),
  ];
}

function build(name: string, title: string, blocks: Block[]): string {
  const docx = path.join(fixturesFolder, `${name}.docx`);
  writeFileSync(docx, docxBytes(title, blocks));
  const pdf = path.join(fixturesFolder, `${name}.pdf`);
  convertWithLibreOffice(docx, pdf);
  return pdf;
}

// Names given on the command line: only those documents are made again.
const only = process.argv.slice(2);
for (const [name, title, make] of [
  ["tagged-documenso-contract", "Services Agreement", documensoContract],
  ["tagged-docuseal-lease", "Residential Lease", docusealLease],
  ["e2e-tagged", "Consulting Agreement", e2eContract],
  ["tagged-shaded-order-form", "Order Form", shadedForm],
  ["tagged-right-to-left-sale", "عقد بيع", rightToLeftForm],
  ["tagged-wrapped-lines", "Purchase Agreement", wrappedTags],
] as const) {
  if (only.length > 0 && !only.includes(name)) continue;
  const { blocks, tags, roles } = make();
  const pdf = build(name, title, blocks);
  const expected = expectedFromTags(pdf, tags.tags, roles);
  writeExpected(`${name}.pdf`, expected);
  if (name === "e2e-tagged") writeExpected(`${name}.docx`, { file: `${name}.pdf`, ...expected });
}
if (only.length === 0 || only.includes("no-tags-template-braces")) {
  build("no-tags-template-braces", "Template syntax", bracesProse());
  writeExpected("no-tags-template-braces.pdf", { fields: [], notes: [], roles: [] });
}
