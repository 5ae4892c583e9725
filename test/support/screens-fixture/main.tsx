/// <reference types="vite/client" />
/**
 * Test page for the Documents screen's views (the list, a document's details, Send), routed as App.tsx routes them.
 * Query string: `screen=documents|send` (documents by default), `open=<pdfId>` opens a document's details,
 * `template=<templateId>` starts Send with that template.
 */
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { SigndeskApi } from "../../../common/contract";
import { getBridge } from "../../../renderer/bridge";
import { MissingBridge } from "../../../renderer/components/MissingBridge";
import { OfflineBanner } from "../../../renderer/components/OfflineBanner";
import { LocaleRoot } from "../../../renderer/i18n/LocaleRoot";
import { bridgeLocale, browserLocale } from "../../../renderer/i18n/locale-sources";
import { DocumentsRouteView } from "../../../renderer/navigation/DocumentsRouteView";
import { type DocumentsRoute, documentDetail, documentsList, type Route } from "../../../renderer/navigation/route";
import "../../../renderer/styles.css";

export type FixtureScreen = "documents" | "send";

const query = new URLSearchParams(window.location.search);

function firstRoute(): DocumentsRoute {
  if (query.get("screen") === "send") return { screen: "documents", view: "send", templateId: query.get("template") };
  const open = query.get("open");
  return open === null ? documentsList() : documentDetail(open);
}

function Screens({ bridge }: { bridge: SigndeskApi }) {
  const [route, setRoute] = useState<DocumentsRoute>(firstRoute);

  // A notification click (app:navigate with a pdfId) opens that document.
  useEffect(
    () =>
      bridge.on("app:navigate", ({ screen: next, pdfId }) => {
        if (next !== "documents") return;
        setRoute(pdfId === undefined ? documentsList() : documentDetail(pdfId));
      }),
    [bridge],
  );
  const onRoute = (next: Route) => {
    if (next.screen === "documents") setRoute(next);
  };

  return (
    <main className="content" style={{ height: "100%" }}>
      <OfflineBanner bridge={bridge} />
      <DocumentsRouteView bridge={bridge} route={route} accountName={null} onRoute={onRoute} onOpenBatch={() => {}} />
    </main>
  );
}

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root element");
const bridge = getBridge();
createRoot(container).render(
  // In the language main keeps, as the app shows it (renderer/main.tsx).
  <StrictMode>
    <LocaleRoot source={bridge === null ? browserLocale : bridgeLocale(bridge)}>
      {bridge === null ? <MissingBridge /> : <Screens bridge={bridge} />}
    </LocaleRoot>
  </StrictMode>,
);
