import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { BulkBatch } from "../common/bulk-batches";
import type { Navigation, SigndeskApi } from "../common/contract";
import { defineMessages } from "../common/i18n/define-messages";
import type { Phrase } from "../common/i18n/phrase";
import { renderPhrase } from "../common/i18n/render-phrase";
import type { ScreenId } from "../common/screens";
import { DesktopFailures } from "./components/DesktopFailures";
import { OfflineBanner } from "./components/OfflineBanner";
import { ProxySignIns } from "./components/ProxySignIn";
import { Sidebar } from "./components/Sidebar";
import { StartupFailure } from "./components/StartupFailure";
import { StatusBar } from "./components/StatusBar";
import { StoredDataNotices } from "./components/StoredDataNotices";
import { UpdateBanner } from "./components/UpdateBanner";
import { OpenDraftsContext } from "./drafts/drafts-context";
import { OpenDrafts } from "./drafts/open-drafts";
import { EditorFailure } from "./editor/EditorFailure";
import { LazyEditorScreen, preloadEditor } from "./editor/lazy-editor";
import { useAppInfo } from "./hooks/useAppInfo";
import { useScreenShortcuts } from "./hooks/useScreenShortcuts";
import { DocumentsRouteView } from "./navigation/DocumentsRouteView";
import { documentDetail, type Route, screenRoute } from "./navigation/route";
import { OutboxContext, type OutboxView, useOutboxList } from "./outbox/outbox-context";
import { preloadPdfjs } from "./pdf/load-pdf";
import { AccountsScreen } from "./screens/accounts/AccountsScreen";
import { InterruptedBatches } from "./screens/bulk/InterruptedBatches";
import { OutboxScreen } from "./screens/outbox/OutboxScreen";
import { TemplatesScreen } from "./screens/templates/TemplatesScreen";
import { WebhooksScreen } from "./screens/webhooks/WebhooksScreen";

const messages = defineMessages({
  openingDraft: { id: "app.openingDraft", defaultMessage: "Opening the draft…" },
});

/** What every screen may read: the drafts being opened, and the active account's outbox. */
function AppContexts({ drafts, outbox, children }: { drafts: OpenDrafts; outbox: OutboxView; children: ReactNode }) {
  return (
    <OpenDraftsContext value={drafts}>
      <OutboxContext value={outbox}>{children}</OutboxContext>
    </OpenDraftsContext>
  );
}

export function App({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
  const [route, setRoute] = useState<Route>(() => screenRoute("templates"));
  /** The draft open in the editor (on the Templates screen), if any: it stays open while other screens are shown. */
  const [openDraft, setOpenDraft] = useState<string | null>(null);
  /** Bumped by every navigation, so that focus moves even when the screen stays the same. */
  const [navigation, setNavigation] = useState(0);
  const [appInfo, reloadAppInfo] = useAppInfo(bridge);
  const [outboxList, reloadOutbox] = useOutboxList(bridge);
  // The drafts outlive a change of language: their words are rendered with the window's react-intl of the moment.
  const intlNow = useRef(intl);
  useEffect(() => {
    intlNow.current = intl;
  }, [intl]);
  /** The drafts being opened, and the editor's state of each draft opened in this session. */
  const [drafts] = useState(
    () => new OpenDrafts(bridge, undefined, (words: Phrase) => renderPhrase(intlNow.current, words)),
  );
  const screen = route.screen;
  /** The draft the editor shows now: the PDF of one it no longer shows is freed. */
  const shownDraft = screen === "templates" ? openDraft : null;
  useEffect(() => drafts.show(shownDraft), [drafts, shownDraft]);

  /** Shows `next`; the heading takes the focus on a new screen, or when `focusHeading` asks. */
  const go = useCallback(
    (next: Route, focusHeading = false) => {
      setRoute(next);
      if (focusHeading || next.screen !== screen) setNavigation((count) => count + 1);
    },
    [screen],
  );
  /** Opens a screen from the sidebar, the menu or a shortcut: its first view, focus on its heading. */
  const navigate = useCallback((next: ScreenId) => {
    setRoute(screenRoute(next));
    setNavigation((count) => count + 1);
  }, []);
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
  // Main's navigation (the menu, a notification's click, a signdesk:// link); one that came before this window
  // listened (the link that started the app) is asked for once it does.
  useEffect(() => {
    const go = ({ screen: next, pdfId }: Navigation) => {
      if (next === "documents" && pdfId !== undefined) {
        setRoute(documentDetail(pdfId));
        setNavigation((count) => count + 1);
      } else navigate(next);
    };
    const stop = bridge.on("app:navigate", go);
    // Taken once: applied even if this effect was cleaned up meanwhile (React runs it twice in development), as the
    // next run's take finds nothing.
    void bridge.appTakeNavigation().then((waiting) => {
      if (waiting.ok && waiting.value !== null) go(waiting.value);
    });
    return stop;
  }, [bridge, navigate]);

  const info = appInfo.status === "ready" ? appInfo.value : null;
  const closeDraft = () => {
    setOpenDraft(null);
    navigate("templates");
  };
  const openBatch = (batch: BulkBatch) =>
    go({ screen: "documents", view: "bulk", templateId: batch.templateId, batch }, true);
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
          <ProxySignIns bridge={bridge} />
          <UpdateBanner bridge={bridge} />
          <InterruptedBatches bridge={bridge} accountKey={info?.activeAccount?.baseUrl ?? ""} onOpen={openBatch} />
          {screen === "templates" && openDraft !== null && (
            <EditorFailure key={openDraft} onClose={closeDraft}>
              <Suspense fallback={<p className="screen-body muted">{intl.formatMessage(messages.openingDraft)}</p>}>
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
              onSendTemplate={(templateId) => go({ screen: "documents", view: "send", templateId })}
              onSendToMany={(templateId) => go({ screen: "documents", view: "bulk", templateId, batch: null })}
            />
          )}
          {route.screen === "documents" && (
            <DocumentsRouteView
              bridge={bridge}
              route={route}
              accountName={info?.activeAccount?.name ?? null}
              onRoute={go}
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
