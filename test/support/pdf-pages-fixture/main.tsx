import { StrictMode, useCallback, useState } from "react";
import { createRoot } from "react-dom/client";
import { IntlProvider } from "react-intl";
import { loadPdf, type PdfHandle } from "../../../renderer/pdf/load-pdf";
import { PageThumbnails } from "../../../renderer/pdf/PageThumbnails";
import { PAGE_GAP, PdfPages } from "../../../renderer/pdf/PdfPages";
import { fitWidthScale, scaleForZoom, zoomIn, zoomOut, zoomPercent } from "../../../renderer/pdf/zoom";
import "../../../renderer/styles.css";
import "./fixture.css";

export interface FixtureReport {
  status: "loading" | "ready" | "failed";
  error: string | null;
  pageCount: number;
  /** Milliseconds from the PDF's bytes in hand to the document open (all page sizes known). */
  openMs: number | null;
  /** Milliseconds from the PDF's bytes in hand to the first page drawn in the document. */
  firstPaintMs: number | null;
  visiblePage: number;
  /** Highest `data-live-canvases` of the pages view seen so far, and highest count of canvases in it. */
  maxLiveCanvases: number;
  maxCanvasesInPages: number;
}

declare global {
  interface Window {
    __pdfPagesFixture?: FixtureReport;
  }
}

const query = new URLSearchParams(window.location.search);
const report: FixtureReport = {
  status: "loading",
  error: null,
  pageCount: 0,
  openMs: null,
  firstPaintMs: null,
  visiblePage: -1,
  maxLiveCanvases: 0,
  maxCanvasesInPages: 0,
};
window.__pdfPagesFixture = report;

function watchCanvases(started: number): void {
  new MutationObserver(() => {
    const pages = document.querySelector<HTMLElement>(".pdf-pages");
    if (pages === null) return;
    const canvases = pages.querySelectorAll("canvas").length;
    if (canvases > 0 && report.firstPaintMs === null) report.firstPaintMs = performance.now() - started;
    report.maxCanvasesInPages = Math.max(report.maxCanvasesInPages, canvases);
    report.maxLiveCanvases = Math.max(report.maxLiveCanvases, Number(pages.dataset.liveCanvases ?? 0));
  }).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-live-canvases"],
  });
}

function Viewer({ pdf, thumbnails, initialZoom }: { pdf: PdfHandle; thumbnails: boolean; initialZoom: number }) {
  const [scale, setScale] = useState(scaleForZoom(initialZoom));
  const [page, setPage] = useState(0);
  const [jump, setJump] = useState<{ index: number; token: number }>();
  const onVisiblePageChange = useCallback((index: number) => {
    report.visiblePage = index;
    setPage(index);
  }, []);
  const goTo = useCallback((index: number) => {
    setPage(index);
    setJump((previous) => ({ index, token: (previous?.token ?? 0) + 1 }));
  }, []);
  const fitWidth = () => {
    const width = document.querySelector(".pdf-pages")?.clientWidth ?? 0;
    setScale(fitWidthScale(pdf.pageSize(page).width, width, PAGE_GAP));
  };
  return (
    <div className="fixture">
      <div className="fixture-toolbar" role="toolbar" aria-label="View">
        <button type="button" onClick={() => setScale(zoomOut)}>
          Zoom out
        </button>
        <output data-testid="zoom">{zoomPercent(scale)}%</output>
        <button type="button" onClick={() => setScale(zoomIn)}>
          Zoom in
        </button>
        <button type="button" onClick={fitWidth}>
          Fit width
        </button>
        <span data-testid="page-status">
          Page {page + 1} of {pdf.pageCount}
        </span>
      </div>
      {thumbnails ? <PageThumbnails pdf={pdf} currentPage={page} onSelect={goTo} /> : null}
      <div className={thumbnails ? "fixture-pages" : "fixture-pages fixture-pages-only"}>
        <PdfPages
          pdf={pdf}
          scale={scale}
          onVisiblePageChange={onVisiblePageChange}
          scrollToPage={jump}
          renderOverlay={(index, size) => (
            <div
              className="fixture-overlay"
              data-overlay-page={index}
              data-overlay-size={`${size.width}x${size.height}`}
            />
          )}
        />
      </div>
    </div>
  );
}

async function main(): Promise<void> {
  const response = await fetch(query.get("src") ?? "");
  if (!response.ok) throw new Error(`Could not fetch the PDF: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const started = performance.now();
  watchCanvases(started);
  const pdf = await loadPdf(bytes);
  report.pageCount = pdf.pageCount;
  report.openMs = performance.now() - started;
  const container = document.getElementById("root");
  if (container === null) throw new Error("index.html has no #root element");
  createRoot(container).render(
    <StrictMode>
      {/* The page views' words are messages: in English, from their default text, as the app shows them. */}
      <IntlProvider locale="en" defaultLocale="en">
        <Viewer
          pdf={pdf}
          thumbnails={query.get("thumbs") !== "0"}
          initialZoom={Number(query.get("zoom") ?? 100) / 100}
        />
      </IntlProvider>
    </StrictMode>,
  );
}

main().then(
  () => {
    report.status = "ready";
  },
  (error: unknown) => {
    report.status = "failed";
    report.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  },
);
