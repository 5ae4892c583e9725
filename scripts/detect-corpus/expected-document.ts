import { type FieldType, fieldBoxSizes } from "../../common/field-boxes.ts";

/**
 * The expected answer for one corpus document (test/fixtures/detect/<file>.expected.json). Positions are API
 * coordinates (points from the top-left of the displayed page) of the top-left of the field's fixed box, computed by
 * the oracles in this folder (qpdf + pdfinfo for widgets, pdftotext -bbox-layout for tags), never by the detector.
 */
export type ExpectedSource = "widget" | "documensoTag" | "docusealTag";
export type ExpectedNoteKind = "radioGroup" | "pushButton" | "choiceList" | "unsupportedType" | "unknownType";

export interface ExpectedField {
  type: FieldType;
  page: number;
  x: number;
  y: number;
  role: number;
  source: ExpectedSource;
  /** What the document calls it, for people reading the file; not compared. */
  label: string;
}

export interface ExpectedNote {
  kind: ExpectedNoteKind;
  page: number;
  label: string;
}

export interface ExpectedDocument {
  /** The document, relative to this JSON, when it is not next to it (a real-world file reused by reference). */
  file?: string;
  fields: ExpectedField[];
  notes: ExpectedNote[];
  /** Role names as written (tags) or a placeholder (widgets); tests compare their number and each field's index. */
  roles: string[];
}

/** A displayed page: its size after /Rotate, as poppler reports it. */
export interface DisplayedPage {
  width: number;
  height: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The box's top-left moved inwards just enough for the type's fixed box to stay on the page. */
export function keepOnPage(type: FieldType, page: DisplayedPage, x: number, y: number): { x: number; y: number } {
  const box = fieldBoxSizes[type];
  const inside = (value: number, room: number) => Math.min(Math.max(value, 0), Math.max(room, 0));
  return { x: round2(inside(x, page.width - box.width)), y: round2(inside(y, page.height - box.height)) };
}
