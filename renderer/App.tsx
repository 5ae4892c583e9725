import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import type { BulkBatch } from "../common/bulk-batches";
import type { SigndeskApi } from "../common/contract";
import type { ScreenId } from "../common/screens";
import { DesktopFailures } from "./components/DesktopFailures";
import { OfflineBanner } from "./components/OfflineBanner";
import { Sidebar } from "./components/Sidebar";
import { StartupFailure } from "./components/StartupFailure";
import { StatusBar } from "./components/StatusBar";
import { StoredDataNotices } from "./components/StoredDataNotices";
import { OpenDraftsContext } from "./drafts/drafts-context";
import { OpenDrafts } from "./drafts/open-drafts";
import { EditorFailure } from "./editor/EditorFailure";
import { LazyEditorScreen, preloadEditor } from "./editor/lazy-editor";
import { useAppInfo } from "./hooks/useAppInfo";
import { useScreenShortcuts } from "./hooks/useScreenShortcuts";
import { OutboxContext, type OutboxView, useOutboxList } from "./outbox/outbox-context";
import { preloadPdfjs } from "./pdf/load-pdf";
import { AccountsScreen } from "./screens/accounts/AccountsScreen";
import { BulkSendScreen } from "./screens/bulk/BulkSendScreen";
import { InterruptedBatches } from "./screens/bulk/InterruptedBatches";
import { DocumentsScreen } from "./screens/documents/DocumentsScreen";
import { OutboxScreen } from "./screens/outbox/OutboxScreen";
import { SendScreen } from "./screens/send/SendScreen";
import { TemplatesScreen } from "./screens/templates/TemplatesScreen";
import { WebhooksScreen } from "./screens/webhooks/WebhooksScreen";

/** What every screen may read: the drafts being opened, and the active account's outbox. */
function AppContexts({ drafts, outbox, children }: { drafts: OpenDrafts; outbox: OutboxView; children: ReactNode }) {
  return (
    <OpenDraftsContext value={drafts}>
      <OutboxContext value={outbox}>{children}</OutboxContext>
    </OpenDraftsContext>
  );
}

export function App({ bridge }: { bridge: SigndeskApi }) {
  const [screen, setScreen] = useState<ScreenId>("templates");
  /** The draft open in the editor (on the Templates screen), if any. */
  const [openDraft, setOpenDraft] = useState<string | null>(null);
  /** The document whose details Documents shows (after a send, or a notification click). */
  const [openDocument, setOpenDocument] = useState<string | null>(null);
  /** Non-null while the Send view of Documents is shown. */
  const [sending, setSending] = useState<{ templateId: string | null } | null>(null);
  /** Non-null while Send to many is shown: a new batch of a template, or a batch already made. */
  const [bulk, setBulk] = useState<{ templateId: string | null; batch: BulkBatch | null } | null>(null);
  /** Documents shows one bulk batch's documents only. */
  const [batchFilter, setBatchFilter] = useState<{ batchId: string; fileName: string } | null>(null);
  /** Bumped by every navigation, so that focus moves even when the screen stays the same. */
  const [navigation, setNavigation] = useState(0);
  const [appInfo, reloadAppInfo] = useAppInfo(bridge);
  const [outboxList, reloadOutbox] = useOutboxList(bridge);
  /** The drafts being opened, and the editor's state of each draft opened in this session. */
  const [drafts] = useState(() => new OpenDrafts(bridge));
  /** The draft the editor shows now: the PDF of one it no longer shows is freed. */
  const shownDraft = screen === "templates" ? openDraft : null;
  useEffect(() => drafts.show(shownDraft), [drafts, shownDraft]);

  const navigate = useCallback((next: ScreenId) => {
    setScreen(next);
    setSending(null);
    setBulk(null);
    setBatchFilter(null);
    setNavigation((count) => count + 1);
  }, []);
  const clearOpenDocument = useCallback(() => setOpenDocument(null), []);
  const outbox: OutboxView = useMemo(
    () => ({ list: outboxList, reload: reloadOutbox, open: () => navigate("outbox") }),
    [outboxList, reloadOutbox, navigate],
  );
  const activeAccountChanged = useCallback(() => {
    reloadAppInfo();
    reloadOutbox();
  }, [reloadAppInfo, reloadOutbox]);
  /** Why the last file shown in the editor was refused by main, for the Templates screen to say. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const refuseDraft = useCallback((message: string) => {
    setOpenDraft(null);
    setRefusal(message);
  }, []);
  const openDraftNow = useCallback((key: string) => {
    setRefusal(null);
    setOpenDraft(key);
  }, []);

  // After the new screen is on the page, move focus to its heading so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (navigation > 0) document.getElementById(`${screen}-title`)?.focus();
  }, [screen, navigation]);

  useScreenShortcuts(navigate);
  // Once the first screen is up and the app is idle, pdf.js and the editor are loaded for the first PDF to come.
  useEffect(() => {
    const idle = requestIdleCallback(
      () => {
        preloadPdfjs();
        preloadEditor();
      },
      { timeout: 3000 },
    );
    return () => cancelIdleCallback(idle);
  }, []);
  useEffect(
    () =>
      bridge.on("app:navigate", ({ screen: next, pdfId }) => {
        navigate(next);
        if (next === "documents" && pdfId !== undefined) setOpenDocument(pdfId);
      }),
    [bridge, navigate],
  );

  const info = appInfo.status === "ready" ? appInfo.value : null;
  const closeDraft = () => {
    setOpenDraft(null);
    navigate("templates");
  };
  const openBatch = (batch: BulkBatch) => {
    navigate("documents");
    setBulk({ templateId: batch.templateId, batch });
  };
  if (info?.startupFailure) {
    return <StartupFailure bridge={bridge} failure={info.startupFailure} onStarted={reloadAppInfo} />;
  }

  return (
    <AppContexts drafts={drafts} outbox={outbox}>
      <div className="app-shell">
        <Sidebar
          current={screen}
          onNavigate={navigate}
          outbox={outboxList.status === "ready" ? outboxList.value.summary : null}
        />
        <main className="content">
          <OfflineBanner bridge={bridge} />
          <StoredDataNotices notices={info?.notices ?? []} />
          <DesktopFailures bridge={bridge} />
          <InterruptedBatches bridge={bridge} accountKey={info?.activeAccount?.baseUrl ?? ""} onOpen={openBatch} />
          {screen === "templates" && openDraft !== null && (
            <EditorFailure key={openDraft} onClose={closeDraft}>
              <Suspense fallback={<p className="screen-body muted">Opening the draft…</p>}>
                <LazyEditorScreen bridge={bridge} draftId={openDraft} onClose={closeDraft} onRefused={refuseDraft} />
              </Suspense>
            </EditorFailure>
          )}
          {screen === "templates" && openDraft === null && (
            <TemplatesScreen
              bridge={bridge}
              accountName={info?.activeAccount?.name ?? null}
              initialProblem={refusal}
              onOpenDraft={openDraftNow}
              onSendTemplate={(templateId) => {
                navigate("documents");
                setSending({ templateId });
              }}
              onSendToMany={(templateId) => {
                navigate("documents");
                setBulk({ templateId, batch: null });
              }}
            />
          )}
          {screen === "documents" && sending !== null && bulk === null && (
            <SendScreen
              bridge={bridge}
              initialTemplateId={sending.templateId}
              onSent={(pdfId) => {
                setSending(null);
                setOpenDocument(pdfId);
              }}
              onCancel={() => navigate("documents")}
            />
          )}
          {screen === "documents" && bulk !== null && (
            <BulkSendScreen
              key={bulk.batch?.batchId ?? `new-${bulk.templateId ?? ""}`}
              bridge={bridge}
              templateId={bulk.templateId}
              batch={bulk.batch}
              onShowDocuments={(batch) => {
                setBulk(null);
                setBatchFilter({ batchId: batch.batchId, fileName: batch.fileName });
              }}
              onOpenDocument={(pdfId) => {
                setBulk(null);
                setOpenDocument(pdfId);
              }}
              onClose={() => navigate("documents")}
            />
          )}
          {screen === "documents" && sending === null && bulk === null && (
            <DocumentsScreen
              bridge={bridge}
              accountName={info?.activeAccount?.name ?? null}
              openDocumentId={openDocument}
              onOpenDocumentHandled={clearOpenDocument}
              onSend={() => setSending({ templateId: null })}
              batchFilter={batchFilter}
              onClearBatchFilter={() => setBatchFilter(null)}
              onFilterBatch={setBatchFilter}
              onOpenBatch={openBatch}
            />
          )}
          {screen === "webhooks" && <WebhooksScreen bridge={bridge} />}
          {screen === "accounts" && <AccountsScreen bridge={bridge} onActiveAccountChanged={activeAccountChanged} />}
          {screen === "outbox" && (
            <OutboxScreen bridge={bridge} onOpenAccounts={() => navigate("accounts")} onOpenBatch={openBatch} />
          )}
        </main>
        <StatusBar state={appInfo} />
      </div>
    </AppContexts>
  );
}
