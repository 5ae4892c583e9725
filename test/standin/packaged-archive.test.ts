import { afterAll, beforeAll, expect, it } from "vitest";
import type { Draft } from "../../common/draft";
import { workerFallbackMark } from "../../node-shared/worker-fallback";
import { bridgeCall } from "../support/bridge-call";
import { workerStartMark } from "../support/electron-standin/asar/worker-start";
import { type PackagedApp, packagedApp } from "../support/packaged-app";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { dropPdfOnWindow, slow, waitForEditor } from "../support/round-trip";
import { launchStandinApp, type StandinApp } from "../support/standin-app";

/** The lines the app and the stand-in wrote that say which workers ran from the archive, and which fell back. */
function workerLines(output: string): { fromArchive: string[]; fallbacks: string[] } {
  const lines = output.split("\n");
  return {
    fromArchive: lines
      .filter((line) => line.startsWith(workerStartMark))
      .map((line) => line.slice(workerStartMark.length).trim()),
    fallbacks: lines.filter((line) => line.includes(workerFallbackMark)),
  };
}

// What a user installs: resources/app.asar and app.asar.unpacked, as `npm run dist -- --dir` packs them, run on the
// Electron stand-in through its asar layer (test/support/electron-standin/asar), which reads the archive as Electron
// does. Every worker thread starts from inside the archive; a fallback to main or in-process fails the test.
describeWith(["chromium", "secret-service"], "the packaged app run from its app.asar on the Electron stand-in", () => {
  let packaged: PackagedApp;
  let running: StandinApp;

  beforeAll(async () => {
    packaged = await packagedApp();
    running = await launchStandinApp({ appDir: null, executable: packaged.launcherPath });
  }, 180_000);

  afterAll(async () => {
    await running?.close();
  });

  it("opens its window from the archive, reads a PDF, has the sandbox finish a document and lists it, each in its worker", async () => {
    const page = await running.window();
    await page.getByTestId("app-version").waitFor(slow);
    const info = await bridgeCall<{ name: string; electronVersion: string | null }>(page, "appInfo");
    expect(info.name).toBe("Signdesk");

    // The page reader's worker (dist/main/page-geometry-worker.mjs) reads the dropped PDF's pages.
    await dropPdfOnWindow(page, "From the archive.pdf", await makePdf([{}, {}]));
    await waitForEditor(page, "From the archive", 2);

    // A one-signer document from that draft, sent through the app; the recipient signs it on the sandbox's signing
    // address; the sandbox's final-PDF worker finishes it.
    const listedDraft = async () =>
      (await bridgeCall<{ drafts: { id: string; name: string }[] }>(page, "draftsList")).drafts.find(
        (each) => each.name === "From the archive",
      )?.id;
    await expect.poll(listedDraft, slow).toBeDefined();
    const { draft } = await bridgeCall<{ draft: Draft }>(page, "draftsOpen", { id: await listedDraft() });
    const groupId = draft.groups[0]?.id ?? "";
    const field = { id: "archive-note", type: "Text" as const, groupId, page: 1, x: 72, y: 72 };
    await bridgeCall(page, "draftsSave", { draft: { ...draft, fields: [field] } });
    const created = await bridgeCall<{ document: { pdfId: string } | null }>(page, "templatesCreate", {
      draftId: draft.id,
      transferId: "archive-test",
      send: { recipients: [{ name: "Ada Archive", email: "ada.archive@example.com" }] },
    });
    const pdfId = created.document?.pdfId ?? "";
    const messages = await bridgeCall<{ pdf_id: string; signingUrl: string }[]>(page, "sandboxOutbox");
    const signingUrl = messages.find((message) => message.pdf_id === pdfId)?.signingUrl ?? "";
    const signed = await fetch(signingUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fields: { [field.id]: "Signed from the archive" } }),
    });
    expect(signed.status, await signed.text()).toBeLessThan(300);
    await expect
      .poll(async () => {
        await bridgeCall(page, "documentsRefresh");
        const { document } = await bridgeCall<{ document: { hasFinalPdf: boolean } }>(page, "documentsGet", { pdfId });
        return document.hasFinalPdf;
      }, slow)
      .toBe(true);

    // The Documents list's pages come from the records reader's worker.
    const list = await bridgeCall<{ documents: { pdfId: string }[] }>(page, "documentsList");
    expect(list.documents.map((document) => document.pdfId)).toContain(pdfId);

    const { fromArchive, fallbacks } = workerLines(running.output());
    expect(fallbacks).toEqual([]);
    expect(fromArchive).toEqual(
      expect.arrayContaining([
        "dist/main/page-geometry-worker.mjs",
        "dist/main/final-pdf-worker.mjs",
        "dist/main/records-reader-worker.mjs",
      ]),
    );
    await expect(running.quit()).resolves.toBe(0);
    expect(workerLines(running.output()).fallbacks).toEqual([]);
  }, 240_000);
});
