import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { degrees, type PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";
import { type PopplerPage, userPointDisplayed } from "./page-boxes.ts";

/** A font with the ascent the generator knows it by (per 1000 units): the AFM's Ascender, or the TTF's hhea ascent. */
export interface KnownFont {
  font: PDFFont;
  ascent: number;
}

export interface Piece {
  text: string;
  font: KnownFont;
  size: number;
}

export async function standardHelvetica(document: PDFDocument): Promise<KnownFont> {
  // Helvetica.afm: Ascender 718. Not embedded: the viewer supplies the glyphs.
  return { font: await document.embedFont(StandardFonts.Helvetica), ascent: 718 };
}

export async function subsetDejaVu(document: PDFDocument, file = "DejaVuSans.ttf"): Promise<KnownFont> {
  document.registerFontkit(fontkit);
  const bytes = readFileSync(`/usr/share/fonts/truetype/dejavu/${file}`);
  const parsed = fontkit.create(bytes);
  // A fixed subset tag (pdf-lib would add a random one), so the same run writes the same bytes.
  const customName = `SDCORP+${file.replace(/\.ttf$/, "")}`;
  const font = await document.embedFont(bytes, { subset: true, customName });
  return { font, ascent: (parsed.ascent * 1000) / parsed.unitsPerEm };
}

/**
 * Draws text pieces one after another on a baseline, each its own text object (so one tag can span several
 * text-showing operators and fonts), turned so it reads upright on the displayed page. Returns where the generator
 * knows the text's box starts: the displayed top-left of the first piece's origin raised by the tallest ascent.
 */
export function drawPieces(page: PDFPage, geometry: PopplerPage, at: { x: number; y: number }, pieces: Piece[]) {
  const turn = geometry.rotation;
  const radians = (turn * Math.PI) / 180;
  const along = { x: Math.cos(radians), y: Math.sin(radians) };
  const up = { x: -Math.sin(radians), y: Math.cos(radians) };
  let advance = 0;
  let top = Number.POSITIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  for (const piece of pieces) {
    const origin = { x: at.x + along.x * advance, y: at.y + along.y * advance };
    page.drawText(piece.text, {
      x: origin.x,
      y: origin.y,
      font: piece.font.font,
      size: piece.size,
      rotate: degrees(turn),
    });
    const rise = (piece.font.ascent / 1000) * piece.size;
    const corner = userPointDisplayed(geometry, origin.x + up.x * rise, origin.y + up.y * rise);
    top = Math.min(top, corner.y);
    left = Math.min(left, corner.x);
    advance += piece.font.font.widthOfTextAtSize(piece.text, piece.size);
  }
  return { x: left, y: top, width: advance };
}
