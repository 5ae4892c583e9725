import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../common/contract";
import { displayedSize } from "../../common/coordinates";
import type { Draft } from "../../common/draft";
import { groupsWithoutFields, groupWithoutFieldsMessage } from "../../common/draft-checks";
import type { FieldType } from "../../common/fields";
import { asSentence } from "../../common/sentence";
import { useDraftView, useOpenDrafts } from "../drafts/drafts-context";
import type { Preparing } from "../drafts/open-drafts";
import { formatPhrase } from "../i18n/format-phrase";
import { QueuedNotice } from "../outbox/QueuedNotice";
import type { PdfHandle } from "../pdf/load-pdf";
import { PageThumbnails } from "../pdf/PageThumbnails";
import { PdfPages } from "../pdf/PdfPages";
import { useLatest } from "../pdf/use-latest";
import { fitPageScale, fitWidthScale, scaleForZoom, zoomIn, zoomOut } from "../pdf/zoom";
import { CreateTemplateDialog } from "./CreateTemplateDialog";
import { EditorPageLayer } from "./EditorPageLayer";
import { EditorToolbar } from "./EditorToolbar";
import { editorScreenMessages as messages } from "./editor-screen-messages";
import { useFoundReview } from "./found/FoundReview";
import { GroupsPanel } from "./GroupsPanel";
import { Inspector } from "./Inspector";
import { UnreadablePages } from "./PageNotReady";
import { Palette } from "./Palette";
import { commandToAction, idsNeeded } from "./state/commands";
import {
  canRedo,
  canUndo,
  createIdGenerator,
  type EditorAction,
  type EditorState,
  selectedFields,
  toDraft,
} from "./state/editor-state";
import { freeSpot } from "./state/free-spot";
import { boxSize, fieldRect } from "./state/geometry";
import type { EditorCommand } from "./state/keyboard";
import { everyPageKnown, pageKnown } from "./state/pages";
import { useAutosave } from "./useAutosave";
import { useEditorKeys } from "./useEditorKeys";
import { useFieldDrag } from "./useFieldDrag";
import { visiblePartOfPage } from "./visible-part";

const appName = "Signdesk";

interface EditorScreenProps {
  bridge: SigndeskApi;
  draftId: string;
  onClose: () => void;
  /** Main refused the file of a new draft the editor was showing; the message says why. */
  onRefused: (message: string) => void;
}

export function EditorScreen({ bridge, draftId, onClose, onRefused }: EditorScreenProps) {
  const drafts = useOpenDrafts();
  const view = useDraftView(draftId);
  useEffect(() => {
    if (view.status === "refused") onRefused(view.message);
  }, [view, onRefused]);
  const dispatch = useCallback((action: EditorAction) => drafts.dispatch(draftId, action), [drafts, draftId]);
  const onFirstPageShown = useCallback(() => drafts.pageShown(draftId), [drafts, draftId]);
  const onPageDrawn = useCallback((index: number) => drafts.pageDrawn(draftId, index), [drafts, draftId]);
  const whenStored = useCallback(() => drafts.stored(draftId), [drafts, draftId]);
  const intl = useIntl();
  if (view.status === "refused") return null;
  if (view.status === "loading") return <p className="screen-body muted">{intl.formatMessage(messages.opening)}</p>;
  if (view.status === "failed") {
    return (
      <section className="screen-body">
        <p role="alert" className="problem">
          {intl.formatMessage(messages.cannotOpen, { reason: view.message })}
        </p>
        <button type="button" onClick={onClose}>
          {intl.formatMessage(messages.back)}
        </button>
      </section>
    );
  }
  return (
    <Editor
      bridge={bridge}
      draft={view.draft}
      pdf={view.pdf}
      preparing={view.preparing}
      state={view.editor}
      dispatch={dispatch}
      onFirstPageShown={onFirstPageShown}
      onPageDrawn={onPageDrawn}
      whenStored={whenStored}
      onClose={onClose}
    />
  );
}

function Editor({
  bridge,
  draft,
  pdf,
  preparing,
  state,
  dispatch,
  onFirstPageShown,
  onPageDrawn,
  whenStored,
  onClose,
}: {
  bridge: SigndeskApi;
  /** The draft as main holds it; while `preparing`, a stand-in (renderer/drafts/open-drafts.ts). */
  draft: Draft;
  pdf: PdfHandle;
  /** Non-null while main is making the draft: the editor works, its changes are stored once main has made it. */
  preparing: Preparing | null;
  /** The editor's state, kept with the draft in the app's OpenDrafts. */
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  /** Told when page 1 is on screen (or after a moment, should it not draw). */
  onFirstPageShown: () => void;
  /** Told each time a page (0-based) is drawn: while main makes the draft, that page's size is learnt at once. */
  onPageDrawn: (index: number) => void;
  /** Settles once main holds the draft with every change so far; rejects saying why it cannot. */
  whenStored: () => Promise<void>;
  onClose: () => void;
}) {
  const intl = useIntl();
  // New ids skip those of the draft and of the editor's state (which holds more while main makes the draft).
  const latestState = useLatest(state);
  const fieldIds = useMemo(
    () =>
      createIdGenerator(
        "field",
        [...draft.fields, ...latestState.current.doc.fields].map((field) => field.id),
      ),
    [draft, latestState],
  );
  const groupIds = useMemo(
    () =>
      createIdGenerator(
        "group",
        [...draft.groups, ...latestState.current.doc.groups].map((group) => group.id),
      ),
    [draft, latestState],
  );
  const current = useMemo(() => toDraft(state, draft), [state, draft]);
  const { status: save, flush } = useAutosave(bridge, preparing ? null : current, draft);
  const pagesKnown = useMemo(() => state.doc.pages.map((page) => page !== null), [state.doc.pages]);
  // A page not read yet is laid out at the stand-in's size (page 1's) until it is.
  const sizes = useMemo(
    () => state.doc.pages.map((page, index) => (page === null ? pdf.pageSize(index) : displayedSize(page))),
    [state.doc.pages, pdf],
  );

  const [scale, setScale] = useState(() => scaleForZoom(1));
  // Open at 100%, or at the width of the view when a page would not fit at 100%: decided before the first
  // paint, so that no page starts drawing at a zoom that is about to change.
  useLayoutEffect(() => {
    const width = pagesArea.current?.clientWidth;
    if (width === undefined) return;
    const fitted = fitWidthScale(pdf.pageSize(0).width, width, 48);
    if (fitted < scaleForZoom(1)) setScale(fitted);
  }, [pdf]);
  // The first page drawn goes before anything else that wants the main thread: the thumbnails and the
  // field overlays come once it is on screen (or after a moment, should it not draw).
  const [firstShown, setFirstShown] = useState(false);
  const onPageShown = useCallback(
    (index: number) => {
      setFirstShown(true);
      onPageDrawn(index);
    },
    [onPageDrawn],
  );
  useEffect(() => {
    const late = setTimeout(() => setFirstShown(true), 1500);
    return () => clearTimeout(late);
  }, []);
  useEffect(() => {
    if (firstShown) onFirstPageShown();
  }, [firstShown, onFirstPageShown]);
  const [visiblePage, setVisiblePage] = useState(0);
  const [scrollTo, setScrollTo] = useState<{ index: number; token: number }>();
  const [placing, setPlacing] = useState<FieldType | null>(null);
  const [creating, setCreating] = useState(false);
  /** What the last "Create template" came to: created, or left in the Outbox (queued). */
  const [notice, setNotice] = useState<{ text: string; queued: boolean } | null>(null);
  const pagesArea = useRef<HTMLDivElement>(null);

  const found = useFoundReview({
    bridge,
    draftId: draft.id,
    ready: preparing === null,
    state,
    dispatch,
    ids: { field: fieldIds, group: groupIds },
    onShowPage: (onPage) => setScrollTo({ index: onPage - 1, token: Date.now() }),
  });
  const fieldDrag = useFieldDrag(state, dispatch);
  const selected = selectedFields(state);
  const page = visiblePage + 1;

  const command = useCallback(
    (name: EditorCommand | "repeatOnEveryPage") => dispatch(commandToAction(state, name, { page, ids: fieldIds })),
    [state, page, fieldIds, dispatch],
  );
  const zoom = useCallback(
    (direction: "in" | "out" | "reset") =>
      setScale((now) => (direction === "reset" ? scaleForZoom(1) : direction === "in" ? zoomIn(now) : zoomOut(now))),
    [],
  );
  useEditorKeys({ dispatch, command, zoom, isBusy: fieldDrag.isDragging });

  // Fields land on whole points, as the inspector shows them and as the arrow keys move them.
  const place = (type: FieldType, onPage: number, x: number, y: number) => {
    dispatch({
      type: "addField",
      id: fieldIds.next(),
      fieldType: type,
      page: onPage,
      x: Math.round(x),
      y: Math.round(y),
    });
    setPlacing(null);
  };
  // From the keyboard: in the part of the page in view, clear of the fields already there.
  const placeInView = (type: FieldType) => {
    if (!pageKnown(state.doc, page)) {
      setNotice({ text: intl.formatMessage(messages.pageNotRead, { page }), queued: false });
      return;
    }
    const shown = sizes[visiblePage] ?? pdf.pageSize(visiblePage);
    const area = pagesArea.current;
    const visible = (area === null ? null : visiblePartOfPage(area, visiblePage, scale)) ?? { x: 0, y: 0, ...shown };
    const occupied = state.doc.fields.filter((field) => field.page === page).map(fieldRect);
    const at = freeSpot(shown, visible, boxSize(type), occupied);
    place(type, page, at.x, at.y);
  };
  const fitWidth = () => {
    const width = pagesArea.current?.clientWidth ?? 800;
    setScale(fitWidthScale((sizes[visiblePage] ?? pdf.pageSize(0)).width, width, 48));
  };
  const fitPage = () => {
    const area = pagesArea.current;
    const size = sizes[visiblePage] ?? pdf.pageSize(0);
    const viewport = { width: area?.clientWidth ?? 800, height: area?.clientHeight ?? 600 };
    setScale(fitPageScale(size, viewport, 48));
  };

  const blockers = groupsWithoutFields(state.doc).map((group) => formatPhrase(intl, groupWithoutFieldsMessage(group)));
  const fieldCounts = new Map(
    state.doc.groups.map((group) => [group.id, state.doc.fields.filter((field) => field.groupId === group.id).length]),
  );

  return (
    <section
      className="editor"
      aria-labelledby="editor-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") setPlacing(null);
      }}
    >
      <EditorToolbar
        name={state.doc.name}
        scale={scale}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        hasSelection={state.selection.length > 0}
        canPaste={(state.clipboard?.length ?? 0) > 0}
        preparing={preparing}
        everyPageKnown={everyPageKnown(state.doc)}
        save={save}
        onBack={() => void flush().then(onClose)}
        onUndo={() => dispatch({ type: "undo" })}
        onRedo={() => dispatch({ type: "redo" })}
        onZoomIn={() => zoom("in")}
        onZoomOut={() => zoom("out")}
        onFitWidth={fitWidth}
        onFitPage={fitPage}
        onCopy={() => dispatch({ type: "copySelection" })}
        onPaste={() => command("paste")}
        onDuplicate={() => command("duplicate")}
        onRepeat={() =>
          dispatch({ type: "repeatOnEveryPage", ids: fieldIds.many(idsNeeded(state, "repeatOnEveryPage")) })
        }
        onDelete={() => dispatch({ type: "deleteSelection" })}
        onCreate={() => setCreating(true)}
      />
      {save.kind === "failed" && (
        <div className="problem editor-notice save-failed" role="alert">
          <span>{intl.formatMessage(messages.notSaved, { reason: asSentence(save.message), appName })}</span>
          <button type="button" onClick={() => void flush()}>
            {intl.formatMessage(messages.saveNow)}
          </button>
        </div>
      )}
      {preparing !== null && preparing.unreadable.length > 0 && <UnreadablePages pages={preparing.unreadable} />}
      {notice?.queued === false && (
        <p className="notice editor-notice" role="status">
          {notice.text}
        </p>
      )}
      {notice?.queued === true && (
        <div className="editor-notice">
          <QueuedNotice message={notice.text} focusOnMount />
        </div>
      )}
      <div className="editor-body">
        {firstShown ? (
          <PageThumbnails
            pdf={pdf}
            sizes={sizes}
            currentPage={visiblePage}
            onSelect={(index) => setScrollTo({ index, token: Date.now() })}
            label={intl.formatMessage(messages.pages)}
          />
        ) : (
          <nav className="pdf-thumbnails" aria-label={intl.formatMessage(messages.pages)} />
        )}
        <div
          className="editor-pages"
          ref={pagesArea}
          onWheel={(event) => {
            if (!(event.ctrlKey || event.metaKey)) return;
            event.preventDefault();
            if (fieldDrag.isDragging()) return;
            zoom(event.deltaY < 0 ? "in" : "out");
          }}
        >
          <PdfPages
            pdf={pdf}
            sizes={sizes}
            onPageShown={onPageShown}
            scale={scale}
            label={intl.formatMessage(messages.document, { name: state.doc.name, count: pdf.pageCount })}
            onVisiblePageChange={setVisiblePage}
            {...(scrollTo === undefined ? {} : { scrollToPage: scrollTo })}
            renderOverlay={
              // A type chosen to place brings the overlays at once: the click on the page must not be lost.
              !(firstShown || placing !== null)
                ? undefined
                : (pageIndex) => (
                    <EditorPageLayer
                      pageIndex={pageIndex}
                      pagePt={sizes[pageIndex] ?? pdf.pageSize(pageIndex)}
                      scale={scale}
                      state={state}
                      preparing={preparing}
                      placing={placing}
                      fieldDrag={fieldDrag}
                      dispatch={dispatch}
                      onPlace={place}
                      found={found.highlightsFor(pageIndex + 1, scale)}
                    />
                  )
            }
          />
        </div>
        <aside className="editor-panels" aria-label={intl.formatMessage(messages.panels)}>
          {found.reviewing && found.panel}
          <Palette placing={placing} onChoose={setPlacing} onPlaceNow={placeInView} />
          <GroupsPanel
            groups={state.doc.groups}
            activeGroupId={state.activeGroupId}
            fieldCounts={fieldCounts}
            dispatch={dispatch}
            newGroupId={() => groupIds.next()}
          />
          <Inspector selected={selected} groups={state.doc.groups} pagesKnown={pagesKnown} dispatch={dispatch} />
          {!found.reviewing && found.panel}
        </aside>
      </div>
      {creating && (
        <CreateTemplateDialog
          bridge={bridge}
          draftId={draft.id}
          groups={state.doc.groups}
          blockers={blockers}
          beforeUpload={async () => {
            // While main makes the draft, the upload waits for it (and for the changes made meanwhile).
            await whenStored();
            await flush();
          }}
          onClose={() => setCreating(false)}
          onCreated={(message) => {
            setCreating(false);
            setNotice({ text: message, queued: false });
          }}
          onQueued={(message) => {
            setCreating(false);
            setNotice({ text: message, queued: true });
          }}
        />
      )}
    </section>
  );
}
