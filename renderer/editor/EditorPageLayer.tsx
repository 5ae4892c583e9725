import type { ReactNode } from "react";
import type { FieldType } from "../../common/fields";
import type { Preparing } from "../drafts/open-drafts";
import { PageNotReady } from "./PageNotReady";
import { PageOverlay } from "./PageOverlay";
import type { EditorAction, EditorState } from "./state/editor-state";
import type { FieldDrag } from "./useFieldDrag";

interface EditorPageLayerProps {
  /** 0-based. */
  pageIndex: number;
  pagePt: { width: number; height: number };
  scale: number;
  state: EditorState;
  preparing: Preparing | null;
  placing: FieldType | null;
  fieldDrag: FieldDrag;
  dispatch: (action: EditorAction) => void;
  onPlace: (type: FieldType, page: number, x: number, y: number) => void;
  /** Drawn above the fields: what was found in the document, while it is reviewed. */
  found: ReactNode;
}

/** What the editor draws over one page: its fields (or why it cannot take any yet), and what was found on it. */
export function EditorPageLayer({
  pageIndex,
  pagePt,
  scale,
  state,
  preparing,
  placing,
  fieldDrag,
  dispatch,
  onPlace,
  found,
}: EditorPageLayerProps) {
  const page = pageIndex + 1;
  if (state.doc.pages[pageIndex] == null) {
    return <PageNotReady unreadable={preparing?.unreadable.includes(page) ?? false} />;
  }
  return (
    <>
      <PageOverlay
        page={page}
        pagePt={pagePt}
        scale={scale}
        fields={state.doc.fields.filter((field) => field.page === page)}
        groups={state.doc.groups}
        selection={state.selection}
        guides={fieldDrag.guides.page === page ? fieldDrag.guides.lines : []}
        placing={placing}
        onPlace={onPlace}
        onSelect={(id, additive) => dispatch({ type: "select", ids: [id], mode: additive ? "toggle" : "replace" })}
        onMarquee={(onPage, rect, additive) =>
          dispatch({ type: "selectInRect", page: onPage, rect, mode: additive ? "add" : "replace" })
        }
        onDragStart={fieldDrag.onDragStart}
        onDragMove={fieldDrag.onDragMove}
        onDragEnd={fieldDrag.onDragEnd}
      />
      {found}
    </>
  );
}
