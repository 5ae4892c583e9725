import type { PageGeometry } from "../../../common/coordinates";
import type { DraftField, DraftGroup } from "../../../common/draft";
import type { FieldType } from "../../../common/fields";

/**
 * The template editor's state. Positions are API coordinates (API-NOTES.md, "Numbering and coordinates"):
 * points from the top-left of the displayed page, locating the top-left of the field's fixed-size box.
 */

/**
 * The part of a draft the editor changes (pages are carried along, never edited). A page is null while its
 * geometry is not known yet (a new PDF's pages are read in the background, renderer/drafts): nothing can be
 * placed on it until it is.
 */
export interface EditorDoc {
  name: string;
  pages: (PageGeometry | null)[];
  groups: DraftGroup[];
  fields: DraftField[];
}

/** What undo and redo restore: the document and the selection together. */
export interface Snapshot {
  doc: EditorDoc;
  selection: string[];
}

export interface EditorState {
  doc: EditorDoc;
  /** Selected field ids, in the order they were selected. */
  selection: string[];
  /** The group new fields go to. */
  activeGroupId: string;
  clipboard: DraftField[] | null;
  past: Snapshot[];
  future: Snapshot[];
}

/** An axis-aligned box in displayed page points (top-left origin, y down). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type SelectMode = "replace" | "toggle" | "add";
export type AlignEdge = "left" | "right" | "top" | "bottom" | "centerX" | "centerY";
export type DistributeAxis = "horizontal" | "vertical";

/** Every change to the editor. Actions that create fields carry the new ids, so the reducer stays pure. */
export type EditorAction =
  // Fields
  | { type: "addField"; id: string; fieldType: FieldType; page: number; x: number; y: number; groupId?: string }
  | { type: "moveSelection"; dx: number; dy: number }
  | { type: "setFieldPosition"; id: string; x: number; y: number }
  | { type: "setFieldPage"; id: string; page: number }
  | { type: "setFieldType"; id: string; fieldType: FieldType }
  | { type: "setFieldGroup"; id: string; groupId: string }
  | { type: "deleteSelection" }
  | { type: "duplicateSelection"; ids: string[] }
  | { type: "copySelection" }
  | { type: "paste"; ids: string[]; page?: number }
  | { type: "repeatOnEveryPage"; ids: string[] }
  | { type: "align"; edge: AlignEdge }
  | { type: "distribute"; axis: DistributeAxis }
  /** Fields found in the document and accepted, with the groups they need (renderer/editor/found). */
  | {
      type: "placeFound";
      fields: DraftField[];
      groups: { id: string; label: string }[];
      renames: { id: string; label: string }[];
    }
  // Selection
  | { type: "select"; ids: string[]; mode: SelectMode }
  | { type: "selectInRect"; page: number; rect: Rect; mode: SelectMode }
  | { type: "selectAll"; page?: number }
  | { type: "clearSelection" }
  // Recipient groups
  | { type: "addGroup"; id: string; label: string }
  | { type: "renameGroup"; id: string; label: string }
  | { type: "moveGroup"; id: string; toIndex: number }
  | { type: "removeGroup"; id: string }
  | { type: "setActiveGroup"; id: string }
  // Document
  | { type: "rename"; name: string }
  // History
  | { type: "undo" }
  | { type: "redo" };

export type EditorActionType = EditorAction["type"];
export type ActionOf<T extends EditorActionType> = Extract<EditorAction, { type: T }>;
