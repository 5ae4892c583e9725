import { type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { Preparing } from "../drafts/open-drafts";
import { zoomPercent } from "../pdf/zoom";
import type { SaveStatus } from "./useAutosave";

const messages = defineMessages({
  toolbar: { id: "editor.toolbar.label", defaultMessage: "Editor", description: "The template editor's toolbar." },
  back: { id: "editor.toolbar.back", defaultMessage: "Back to templates" },
  backText: {
    id: "editor.toolbar.backText",
    defaultMessage: "Templates",
    description: "The button that leaves the editor for the Templates screen, after a back arrow.",
  },
  readingPages: {
    id: "editor.toolbar.readingPages",
    defaultMessage: "Reading pages: {read, number} of {count, number}",
  },
  savingDraft: { id: "editor.toolbar.savingDraft", defaultMessage: "Saving the draft…" },
  saving: { id: "editor.toolbar.saving", defaultMessage: "Saving…" },
  notSaved: { id: "editor.toolbar.notSaved", defaultMessage: "Not saved (see below)" },
  allSaved: { id: "editor.toolbar.allSaved", defaultMessage: "All changes saved" },
  withShortcut: {
    id: "editor.toolbar.withShortcut",
    defaultMessage: "{action} ({shortcut})",
    description: "A button's tooltip: what it does, then its keyboard shortcut, e.g. 'Undo (Ctrl+Z)'.",
  },
  shortcut: { id: "editor.toolbar.shortcut", defaultMessage: "Ctrl+{keys}", description: "A keyboard shortcut." },
  shortcutMac: {
    id: "editor.toolbar.shortcutMac",
    defaultMessage: "⌘{keys}",
    description: "A keyboard shortcut on a Mac.",
  },
  shift: { id: "editor.toolbar.shiftKey", defaultMessage: "Shift+{key}", description: "A key pressed with Shift." },
  undo: { id: "editor.toolbar.undo", defaultMessage: "Undo" },
  redo: { id: "editor.toolbar.redo", defaultMessage: "Redo" },
  copy: { id: "editor.toolbar.copy", defaultMessage: "Copy", description: "Copies the selected fields." },
  paste: { id: "editor.toolbar.paste", defaultMessage: "Paste", description: "Pastes the copied fields." },
  duplicate: {
    id: "editor.toolbar.duplicate",
    defaultMessage: "Duplicate",
    description: "Duplicates the selected fields.",
  },
  repeat: { id: "editor.toolbar.repeat", defaultMessage: "Repeat on every page" },
  repeatWaits: { id: "editor.toolbar.repeatWaits", defaultMessage: "Available once every page is read" },
  delete: { id: "editor.toolbar.delete", defaultMessage: "Delete", description: "Deletes the selected fields." },
  zoom: { id: "editor.toolbar.zoom", defaultMessage: "Zoom" },
  zoomOut: { id: "editor.toolbar.zoomOut", defaultMessage: "Zoom out" },
  zoomIn: { id: "editor.toolbar.zoomIn", defaultMessage: "Zoom in" },
  fitWidth: { id: "editor.toolbar.fitWidth", defaultMessage: "Fit width" },
  fitPage: { id: "editor.toolbar.fitPage", defaultMessage: "Fit page" },
  create: { id: "editor.toolbar.create", defaultMessage: "Create template…" },
});

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

function saveText(intl: IntlShape, save: SaveStatus, preparing: Preparing | null): string {
  if (preparing !== null && preparing.pagesRead < preparing.pageCount) {
    return intl.formatMessage(messages.readingPages, { read: preparing.pagesRead, count: preparing.pageCount });
  }
  // Main is making the draft (copying the file, checking it), then storing what was done meanwhile.
  if (preparing !== null) return intl.formatMessage(messages.savingDraft);
  if (save.kind === "saving") return intl.formatMessage(messages.saving);
  if (save.kind === "failed") return intl.formatMessage(messages.notSaved);
  return intl.formatMessage(messages.allSaved);
}

const isMac = navigator.userAgent.includes("Mac");

/** "Ctrl+Z" or "⌘Z": a Ctrl/Cmd shortcut as shown in a tooltip. */
function shortcut(intl: IntlShape, keys: string): string {
  return intl.formatMessage(isMac ? messages.shortcutMac : messages.shortcut, { keys });
}

/** A button whose action also has a Ctrl/Cmd shortcut: named in its tooltip and for assistive technology. */
function KeyedButton(props: {
  label: string;
  /** The keys as shown after Ctrl/⌘ ("Z", "Shift+Z"). */
  keys: string;
  /** The keys for aria-keyshortcuts, after "Control+". */
  ariaKeys: string;
  onClick: () => void;
  disabled: boolean;
}) {
  const intl = useIntl();
  return (
    <button
      type="button"
      onClick={props.onClick}
      disabled={props.disabled}
      aria-keyshortcuts={`Control+${props.ariaKeys}`}
      title={intl.formatMessage(messages.withShortcut, { action: props.label, shortcut: shortcut(intl, props.keys) })}
    >
      {props.label}
    </button>
  );
}

export function EditorToolbar(props: EditorToolbarProps) {
  const intl = useIntl();
  const off = (allowed: boolean) => !allowed;
  const status = saveText(intl, props.save, props.preparing);
  const withShortcut = (action: string, keys: string) =>
    intl.formatMessage(messages.withShortcut, { action, shortcut: shortcut(intl, keys) });
  const duplicate = intl.formatMessage(messages.duplicate);
  const zoomOut = intl.formatMessage(messages.zoomOut);
  const zoomIn = intl.formatMessage(messages.zoomIn);
  const del = intl.formatMessage(messages.delete);
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={intl.formatMessage(messages.toolbar)}>
      <button type="button" onClick={props.onBack} aria-label={intl.formatMessage(messages.back)}>
        <span className="mirror-in-rtl" aria-hidden="true" style={{ display: "inline-block" }}>
          ←
        </span>{" "}
        {intl.formatMessage(messages.backText)}
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
        <KeyedButton
          label={intl.formatMessage(messages.undo)}
          keys="Z"
          ariaKeys="Z"
          onClick={props.onUndo}
          disabled={off(props.canUndo)}
        />
        <KeyedButton
          label={intl.formatMessage(messages.redo)}
          keys={intl.formatMessage(messages.shift, { key: "Z" })}
          ariaKeys="Shift+Z"
          onClick={props.onRedo}
          disabled={off(props.canRedo)}
        />
      </span>
      <span className="toolbar-group">
        <KeyedButton
          label={intl.formatMessage(messages.copy)}
          keys="C"
          ariaKeys="C"
          onClick={props.onCopy}
          disabled={off(props.hasSelection)}
        />
        <KeyedButton
          label={intl.formatMessage(messages.paste)}
          keys="V"
          ariaKeys="V"
          onClick={props.onPaste}
          disabled={off(props.canPaste)}
        />
        <button
          type="button"
          onClick={props.onDuplicate}
          disabled={off(props.hasSelection)}
          title={withShortcut(duplicate, "D")}
        >
          {duplicate}
        </button>
        <button
          type="button"
          onClick={props.onRepeat}
          disabled={off(props.hasSelection && props.everyPageKnown)}
          {...(props.everyPageKnown ? {} : { title: intl.formatMessage(messages.repeatWaits) })}
        >
          {intl.formatMessage(messages.repeat)}
        </button>
        <button type="button" onClick={props.onDelete} disabled={off(props.hasSelection)} title={del}>
          {del}
        </button>
      </span>
      <fieldset className="toolbar-group">
        <legend className="visually-hidden">{intl.formatMessage(messages.zoom)}</legend>
        <button type="button" onClick={props.onZoomOut} aria-label={zoomOut} title={withShortcut(zoomOut, "−")}>
          −
        </button>
        <output className="zoom-value" aria-live="polite">
          {intl.formatNumber(zoomPercent(props.scale) / 100, { style: "percent" })}
        </output>
        <button type="button" onClick={props.onZoomIn} aria-label={zoomIn} title={withShortcut(zoomIn, "+")}>
          +
        </button>
        <button type="button" onClick={props.onFitWidth}>
          {intl.formatMessage(messages.fitWidth)}
        </button>
        <button type="button" onClick={props.onFitPage}>
          {intl.formatMessage(messages.fitPage)}
        </button>
      </fieldset>
      <button type="button" className="primary" onClick={props.onCreate}>
        {intl.formatMessage(messages.create)}
      </button>
    </div>
  );
}
