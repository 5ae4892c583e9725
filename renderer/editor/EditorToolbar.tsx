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

function saveText(save: SaveStatus): string {
  if (save.kind === "saving") return "Saving…";
  if (save.kind === "failed") return `Not saved: ${save.message}`;
  return "All changes saved";
}

export function EditorToolbar(props: EditorToolbarProps) {
  const mod = navigator.userAgent.includes("Mac") ? "⌘" : "Ctrl+";
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Editor">
      <button type="button" onClick={props.onBack} aria-label="Back to templates">
        ← Templates
      </button>
      <h1 id="editor-title" className="editor-name" tabIndex={-1}>
        {props.name}
      </h1>
      <span className={props.save.kind === "failed" ? "save-status failed" : "save-status"} role="status">
        {saveText(props.save)}
      </span>
      <span className="toolbar-group">
        <button
          type="button"
          onClick={props.onUndo}
          disabled={!props.canUndo}
          aria-keyshortcuts="Control+Z"
          title={`Undo (${mod}Z)`}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={props.onRedo}
          disabled={!props.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
          title={`Redo (${mod}Shift+Z)`}
        >
          Redo
        </button>
      </span>
      <span className="toolbar-group">
        <button
          type="button"
          onClick={props.onCopy}
          disabled={!props.hasSelection}
          aria-keyshortcuts="Control+C"
          title={`Copy (${mod}C)`}
        >
          Copy
        </button>
        <button
          type="button"
          onClick={props.onPaste}
          disabled={!props.canPaste}
          aria-keyshortcuts="Control+V"
          title={`Paste (${mod}V)`}
        >
          Paste
        </button>
        <button type="button" onClick={props.onDuplicate} disabled={!props.hasSelection} title={`Duplicate (${mod}D)`}>
          Duplicate
        </button>
        <button type="button" onClick={props.onRepeat} disabled={!props.hasSelection}>
          Repeat on every page
        </button>
        <button type="button" onClick={props.onDelete} disabled={!props.hasSelection} title="Delete">
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
