import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import {
  bringPageToTop,
  type ChosenFile,
  chooseFile,
  editorToolbar,
  folderEntries,
  inspector,
  loadWatched,
  pxPerPointAt100,
  waitForEditor,
} from "../support/editor-driver";
import { makePdf, passwordProtectedPdf, truncatedPdf } from "../support/pdf-fixtures";
import { readPageCount, readPageText } from "../support/pdf-text";
import { type RendererSnapshot, snapshotRenderer } from "../support/renderer-snapshot";
import { describeWith } from "../support/requirements";

const run = promisify(execFile);
const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

interface SandboxState {
  templates: {
    id: string;
    name: string;
    file: string;
    sha256: string;
    pages: unknown[];
    groups: { x: number; y: number; page: number; type: string; recipient: number }[][];
  }[];
}

describeWith(["chromium", "secret-service", "libreoffice"], "the editor's files: Word documents and bad files", () => {
  let app: AppHarness;
  let renderer: RendererSnapshot | undefined;
  let work: string;
  let docx: Uint8Array;
  /** Calls of the drafts store's createFromFile: a file the renderer refuses never gets there. */
  let storeCalls = 0;
  const problems: string[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-editor-files-"));
    // A real DOCX, written by LibreOffice itself from plain text (with a private profile).
    await writeFile(
      path.join(work, "rental.txt"),
      "Rental agreement\n\nThe tenant rents the flat on the second floor.\n\nTenant signature: ____________\n",
    );
    await run(
      process.env.SOFFICE_PATH ?? "soffice",
      [
        `-env:UserInstallation=${pathToFileURL(path.join(work, "profile")).href}`,
        "--headless",
        "--convert-to",
        "docx:MS Word 2007 XML",
        "--outdir",
        work,
        path.join(work, "rental.txt"),
      ],
      { timeout: 100_000 },
    );
    docx = new Uint8Array(await readFile(path.join(work, "rental.docx")));
    expect(new TextDecoder().decode(docx.subarray(0, 2))).toBe("PK");

    renderer = await snapshotRenderer();
    app = await openApp({
      rendererDir: renderer.dir,
      viewport: { width: 1400, height: 900 },
      onCore: (core) => {
        const createFromFile = core.drafts.createFromFile.bind(core.drafts);
        core.drafts.createFromFile = (...args) => {
          storeCalls += 1;
          return createFromFile(...args);
        };
      },
    });
    await loadWatched(app.page, app.origin, problems);
  });
  afterAll(async () => {
    await app?.close();
    await renderer?.remove();
    if (work !== undefined) await rm(work, { recursive: true, force: true });
  });

  it("opens a DOCX as its converted PDF, and the template on the service is that very PDF", async () => {
    const page = app.page;
    await chooseFile(page, { name: "rental.docx", mimeType: docxType, bytes: docx });
    // The Templates screen says what is happening while LibreOffice converts it.
    await page.getByRole("status").filter({ hasText: "Converting rental.docx to PDF…" }).waitFor({ timeout: 20_000 });
    // LibreOffice converts it (a fresh profile each time: allow for a slow first start).
    await editorToolbar(page).waitFor({ timeout: 90_000 });
    await waitForEditor(page, 1);

    const [summary] = await app.core.drafts.list();
    expect(summary).toMatchObject({ name: "rental", sourceKind: "docx", fieldCount: 0 });
    const draftId = summary?.id ?? "";
    const converted = new Uint8Array(await readFile(app.core.drafts.pdfPath(draftId)));
    expect(new TextDecoder().decode(converted.subarray(0, 5))).toBe("%PDF-");
    const pageCount = await readPageCount(converted);
    expect(await readPageText(converted, 1)).toContain("Rental agreement");
    // The editor shows the converted pages, drawn.
    await expect(page.locator(".editor-pages [data-page-index]").count()).resolves.toBe(pageCount);
    await expect(page.getByRole("region", { name: `rental, ${pageCount} pages` }).count()).resolves.toBe(1);

    // A Signature field, placed with the mouse at (200, 300) pt of page 1 (its top-left).
    const box = await bringPageToTop(page, 0);
    await page.getByRole("button", { name: /^Signature \(/ }).click();
    await page.mouse.click(box.x + (200 + 80) * pxPerPointAt100, box.y + (300 + 24) * pxPerPointAt100);
    await expect.poll(() => inspector(page, "x (pt)").inputValue()).toBe("200");
    await expect(inspector(page, "y (pt)").inputValue()).resolves.toBe("300");

    await page.getByRole("button", { name: "Create template…" }).click();
    const dialog = page.getByRole("dialog", { name: "Create template" });
    await dialog.getByRole("button", { name: "Create template" }).click();
    await page.getByRole("status").filter({ hasText: "Template “rental” created." }).waitFor({ timeout: 30_000 });

    // The sandbox keeps the template in state.json and its file under files/templates: the PDF the
    // fields were placed on, byte for byte (not the DOCX, not a second conversion).
    const [record] = app.core.records.templates.all();
    const sandboxDir = path.join(app.userDataDir, "sandbox");
    const state = JSON.parse(await readFile(path.join(sandboxDir, "state.json"), "utf8")) as SandboxState;
    const template = state.templates.find((candidate) => candidate.id === record?.templateId);
    expect(template, "the template is in the sandbox's state.json").toBeDefined();
    expect(template?.name).toBe("rental");
    expect(template?.pages).toHaveLength(pageCount);
    expect(template?.groups).toEqual([[expect.objectContaining({ x: 200, y: 300, page: 1, type: "Signature" })]]);
    const stored = new Uint8Array(await readFile(path.join(sandboxDir, template?.file ?? "missing")));
    expect(new TextDecoder().decode(stored.subarray(0, 5))).toBe("%PDF-");
    const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
    expect(sha256(stored)).toBe(sha256(converted));
    expect(template?.sha256).toBe(sha256(converted));
    expect(await readPageText(stored, 1)).toContain("Rental agreement");
    // The draft stays.
    expect(await app.core.drafts.list()).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it("refuses bad files with their own message, adds no draft, and keeps working", async () => {
    const page = app.page;
    await page.getByRole("button", { name: "Back to templates" }).click();
    await page.getByRole("heading", { name: "Templates", level: 1 }).waitFor();

    const huge = path.join(work, "huge.pdf");
    await writeFile(huge, "");
    await truncate(huge, 200 * 1024 * 1024); // sparse: 200 MB that take no room
    const big = path.join(work, "big.pdf");
    await writeFile(big, "");
    await truncate(big, 60 * 1024 * 1024);
    const pdf = "application/pdf";
    const cases: { what: string; file: ChosenFile; message: string; reachesMain: boolean }[] = [
      {
        what: "a text file named .pdf",
        file: { name: "notes.pdf", mimeType: pdf, bytes: new TextEncoder().encode("Shopping list: milk, eggs.\n") },
        message: "notes.pdf could not be opened: The file is not a PDF or Word document.",
        reachesMain: true,
      },
      {
        what: "a truncated PDF",
        file: { name: "cut.pdf", mimeType: pdf, bytes: await truncatedPdf() },
        message: "cut.pdf could not be opened: The PDF is truncated or damaged: it does not end where a PDF must end.",
        reachesMain: true,
      },
      {
        what: "a password-protected PDF",
        file: { name: "locked.pdf", mimeType: pdf, bytes: await passwordProtectedPdf() },
        message:
          "locked.pdf could not be opened: The PDF is encrypted or password-protected; upload an unprotected copy.",
        reachesMain: true,
      },
      {
        what: "an empty file",
        file: { name: "empty.pdf", mimeType: pdf, bytes: new Uint8Array(0) },
        message: "empty.pdf is empty.",
        reachesMain: false,
      },
      {
        what: "a 60 MB PDF (a PDF is uploaded as it is)",
        file: { path: big },
        message: "big.pdf is 60 MB; the service accepts PDFs up to 50 MB.",
        reachesMain: false,
      },
      {
        what: "a 200 MB file",
        file: { path: huge },
        message: "huge.pdf is 200 MB; Signdesk opens files up to 100 MB, and the service accepts PDFs up to 50 MB.",
        reachesMain: false,
      },
    ];

    const draftsBefore = await app.core.drafts.list();
    const foldersBefore = await folderEntries(app.core.drafts.root);
    const alert = page.locator("p.problem[role='alert']");
    for (const bad of cases) {
      const callsBefore = storeCalls;
      await chooseFile(page, bad.file);
      await expect.poll(() => alert.textContent(), { timeout: 20_000, message: bad.what }).toBe(bad.message);
      // Nothing is being opened any more, and the editor did not open.
      await expect(page.getByRole("button", { name: "New draft from a file…" }).isEnabled()).resolves.toBe(true);
      expect(await editorToolbar(page).count(), bad.what).toBe(0);
      expect(storeCalls - callsBefore, `${bad.what}: reached the drafts store`).toBe(bad.reachesMain ? 1 : 0);
      expect(await app.core.drafts.list(), bad.what).toEqual(draftsBefore);
      expect(await folderEntries(app.core.drafts.root), `${bad.what}: drafts folder`).toEqual(foldersBefore);
      expect(await folderEntries(path.join(app.userDataDir, "tmp")), `${bad.what}: scratch folder`).toEqual([]);
      await expect(page.getByRole("button", { name: "rental", exact: true }).isVisible()).resolves.toBe(true);
    }

    // A good PDF opens afterwards, and the message goes.
    await chooseFile(page, { name: "Good.pdf", mimeType: pdf, bytes: await makePdf([{}, {}]) });
    await waitForEditor(page, 1);
    await expect(page.locator(".editor-pages [data-page-index]").count()).resolves.toBe(2);
    expect(await app.core.drafts.list()).toHaveLength(draftsBefore.length + 1);
    await page.getByRole("button", { name: "Back to templates" }).click();
    await page.getByRole("button", { name: "Good", exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
