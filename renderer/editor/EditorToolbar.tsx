import type { Preparing } from "../drafts/open-drafts";
import { zoomPercent } from "../pdf/zoom";
import type { SaveStatus } from "./useAutosave";

interface EditorToolbarProps {
  name: string;
  scale: number;
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  /** Fields copied, ready to paste. */
  canPaste: boolean;
  /** Non-null while main is making the draft: everything works meanwhile; this says how far it has come. */
  preparing: Preparing | null;
  /** Every page's size is known: "Repeat on every page" waits for it. */
  everyPageKnown: boolean;
  save: SaveStatus;
  onBack: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
  onFitPage: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onDuplicate: () => void;
  onRepeat: () => void;
  onDelete: () => void;
  onCreate: () => void;
}

function saveText(save: SaveStatus, preparing: Preparing | null): string {
  if (preparing !== null && preparing.pagesRead < preparing.pageCount) {
    return `Reading pages: ${preparing.pagesRead} of ${preparing.pageCount}`;
  }
  // Main is making the draft (copying the file, checking it), then storing what was done meanwhile.
  if (preparing !== null) return "Saving the draft…";
  if (save.kind === "saving") return "Saving…";
  if (save.kind === "failed") return "Not saved (see below)";
  return "All changes saved";
}

/** A button whose action also has a Ctrl/Cmd shortcut: named in its tooltip and for assistive technology. */
function KeyedButton(props: { label: string; keys: string; mod: string; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      disabled={props.disabled}
      aria-keyshortcuts={`Control+${props.keys}`}
      title={`${props.label} (${props.mod}${props.keys})`}
    >
      {props.label}
    </button>
  );
}

export function EditorToolbar(props: EditorToolbarProps) {
  const mod = navigator.userAgent.includes("Mac") ? "⌘" : "Ctrl+";
  const off = (allowed: boolean) => !allowed;
  const status = saveText(props.save, props.preparing);
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Editor">
      <button type="button" onClick={props.onBack} aria-label="Back to templates">
        ← Templates
      </button>
      {/* A block of fixed width: a longer name or status never moves the buttons (they are ellipsised). */}
      <div className="editor-title-block">
        <h1 id="editor-title" className="editor-name" tabIndex={-1} title={props.name}>
          {props.name}
        </h1>
        <span
          className={props.save.kind === "failed" ? "save-status failed" : "save-status"}
          role="status"
          title={status}
        >
          {status}
        </span>
      </div>
      <span className="toolbar-group">
        <KeyedButton label="Undo" keys="Z" mod={mod} onClick={props.onUndo} disabled={off(props.canUndo)} />
        <KeyedButton label="Redo" keys="Shift+Z" mod={mod} onClick={props.onRedo} disabled={off(props.canRedo)} />
      </span>
      <span className="toolbar-group">
        <KeyedButton label="Copy" keys="C" mod={mod} onClick={props.onCopy} disabled={off(props.hasSelection)} />
        <KeyedButton label="Paste" keys="V" mod={mod} onClick={props.onPaste} disabled={off(props.canPaste)} />
        <button
          type="button"
          onClick={props.onDuplicate}
          disabled={off(props.hasSelection)}
          title={`Duplicate (${mod}D)`}
        >
          Duplicate
        </button>
        <button
          type="button"
          onClick={props.onRepeat}
          disabled={off(props.hasSelection && props.everyPageKnown)}
          {...(props.everyPageKnown ? {} : { title: "Available once every page is read" })}
        >
          Repeat on every page
        </button>
        <button type="button" onClick={props.onDelete} disabled={off(props.hasSelection)} title="Delete">
          Delete
        </button>
      </span>
      <fieldset className="toolbar-group">
        <legend className="visually-hidden">Zoom</legend>
        <button type="button" onClick={props.onZoomOut} aria-label="Zoom out" title={`Zoom out (${mod}−)`}>
          −
        </button>
        <output className="zoom-value" aria-live="polite">
          {zoomPercent(props.scale)}%
        </output>
        <button type="button" onClick={props.onZoomIn} aria-label="Zoom in" title={`Zoom in (${mod}+)`}>
          +
        </button>
        <button type="button" onClick={props.onFitWidth}>
          Fit width
        </button>
        <button type="button" onClick={props.onFitPage}>
          Fit page
        </button>
      </fieldset>
      <button type="button" className="primary" onClick={props.onCreate}>
        Create template…
      </button>
    </div>
  );
}
