/// <reference types="vite/client" />
/**
 * Test page for the Documents and Send screens (App.tsx does not show them yet), wired the way App.tsx is
 * meant to wire them. Query string: `screen=documents|send` (documents by default), `open=<pdfId>` opens a
 * document's details, `template=<templateId>` starts Send with that template.
 */
import { StrictMode, useCallback, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { SigndeskApi } from "../../../common/contract";
import { getBridge } from "../../../renderer/bridge";
import { MissingBridge } from "../../../renderer/components/MissingBridge";
import { OfflineBanner } from "../../../renderer/components/OfflineBanner";
import { DocumentsScreen } from "../../../renderer/screens/documents/DocumentsScreen";
import { SendScreen } from "../../../renderer/screens/send/SendScreen";
import "../../../renderer/styles.css";

export type FixtureScreen = "documents" | "send";

const query = new URLSearchParams(window.location.search);

function Screens({ bridge }: { bridge: SigndeskApi }) {
  const [screen, setScreen] = useState<FixtureScreen>(query.get("screen") === "send" ? "send" : "documents");
  const [openDocument, setOpenDocument] = useState<string | null>(query.get("open"));
  const clearOpenDocument = useCallback(() => setOpenDocument(null), []);

  // A notification click (app:navigate with a pdfId) opens that document.
  useEffect(
    () =>
      bridge.on("app:navigate", ({ screen: next, pdfId }) => {
        if (next !== "documents") return;
        setScreen("documents");
        if (pdfId !== undefined) setOpenDocument(pdfId);
      }),
    [bridge],
  );

  return (
    <main className="content" style={{ height: "100%" }}>
      <OfflineBanner bridge={bridge} />
      {screen === "documents" ? (
        <DocumentsScreen
          bridge={bridge}
          openDocumentId={openDocument}
          onOpenDocumentHandled={clearOpenDocument}
          onSend={() => setScreen("send")}
        />
      ) : (
        <SendScreen
          bridge={bridge}
          initialTemplateId={query.get("template")}
          onSent={(pdfId) => {
            setOpenDocument(pdfId);
            setScreen("documents");
          }}
          onCancel={() => setScreen("documents")}
        />
      )}
    </main>
  );
}

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root element");
const bridge = getBridge();
createRoot(container).render(
  <StrictMode>{bridge === null ? <MissingBridge /> : <Screens bridge={bridge} />}</StrictMode>,
);
