import { zipSync } from "fflate";

/**
 * A minimal Word document written as raw WordprocessingML: paragraphs of runs, tables of such cells, page breaks.
 * Fixed dates in docProps and in the zip entries, so the same input gives the same bytes.
 */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  color?: string;
  /** Half-points, as Word counts them; 22 (11 pt) unless said. */
  size?: number;
  font?: string;
  /** The run's shading (behind its text), as hex RGB. */
  shading?: string;
}

export type Block =
  /** `rightToLeft`: an Arabic or Hebrew paragraph (Word's w:bidi), its runs' complex-script text too. */
  | { paragraph: (Run | string)[]; rightToLeft?: boolean }
  /** Rows of cells of runs; `shading` fills every cell (hex RGB). */
  | { table: (Run | string)[][][]; shading?: string }
  | { pageBreak: true };

const fixedDate = new Date("2024-01-02T03:04:05Z");
const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function runXml(run: Run | string): string {
  const {
    text,
    bold,
    italic,
    color,
    size = 22,
    font = "DejaVu Sans",
    shading,
  } = typeof run === "string" ? { text: run } : run;
  const properties = [
    `<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}"/>`,
    bold ? "<w:b/>" : "",
    italic ? "<w:i/>" : "",
    color ? `<w:color w:val="${color}"/>` : "",
    `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>`,
    shading ? `<w:shd w:val="clear" w:color="auto" w:fill="${shading}"/>` : "",
  ].join("");
  return `<w:r><w:rPr>${properties}</w:rPr><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

const paragraphXml = (runs: (Run | string)[], rightToLeft = false) =>
  `<w:p><w:pPr>${rightToLeft ? "<w:bidi/>" : ""}<w:spacing w:after="120"/></w:pPr>${runs.map(runXml).join("")}</w:p>`;

function tableXml(rows: (Run | string)[][][], shading?: string): string {
  const columns = rows[0]?.length ?? 1;
  const width = Math.floor(9360 / columns);
  const border =
    '<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>';
  const cellShading = shading ? `<w:shd w:val="clear" w:color="auto" w:fill="${shading}"/>` : "";
  const grid = Array.from({ length: columns }, () => `<w:gridCol w:w="${width}"/>`).join("");
  const body = rows
    .map(
      (cells) =>
        `<w:tr>${cells.map((runs) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${cellShading}</w:tcPr>${paragraphXml(runs)}</w:tc>`).join("")}</w:tr>`,
    )
    .join("");
  return `<w:tbl><w:tblPr><w:tblW w:w="${width * columns}" w:type="dxa"/><w:tblBorders>${border}</w:tblBorders></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

function blockXml(block: Block): string {
  if ("paragraph" in block) return paragraphXml(block.paragraph, block.rightToLeft);
  if ("table" in block) return tableXml(block.table, block.shading);
  return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;

const packageRelationships = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

const coreProperties = (title: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(title)}</dc:title><dc:creator>Signdesk test corpus</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">2024-01-02T03:04:05Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2024-01-02T03:04:05Z</dcterms:modified></cp:coreProperties>`;

/** A Letter-size document with one-inch margins. */
export function docxBytes(title: string, blocks: Block[]): Uint8Array {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${blocks.map(blockXml).join("")}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const text = (value: string): [Uint8Array, { mtime: Date }] => [
    new TextEncoder().encode(value),
    { mtime: fixedDate },
  ];
  return zipSync({
    "[Content_Types].xml": text(contentTypes),
    "_rels/.rels": text(packageRelationships),
    "docProps/core.xml": text(coreProperties(title)),
    "word/document.xml": text(document),
  });
}
