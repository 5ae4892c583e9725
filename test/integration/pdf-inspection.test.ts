import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance as nodePerformance } from "node:perf_hooks";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../common/i18n/english";
import { pageBounds } from "../../common/page-geometry-schema";
import { inspectPdf, pdfProblems } from "../../node-shared/pdf/inspect-pdf";
import { pagesInOnePass } from "../../node-shared/pdf/page-geometry-worker";
import { startTestCore, type TestCore } from "../support/core-harness";
import { awkwardPageTreePdf, flatPagesPdf, withEndlessPageWidth } from "../support/page-tree-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

let work: string;
let manyPages: string;
let tooManyPages: string;
let endlessWidth: string;
let awkward: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "signdesk-inspect-"));
  const write = async (name: string, bytes: Uint8Array) => {
    const file = path.join(work, name);
    await writeFile(file, bytes);
    return file;
  };
  manyPages = await write("many.pdf", await flatPagesPdf(pageBounds.maxPages));
  tooManyPages = await write("too-many.pdf", await flatPagesPdf(pageBounds.maxPages + 1));
  endlessWidth = await write("endless.pdf", withEndlessPageWidth(await flatPagesPdf(2)));
  awkward = await write("awkward.pdf", await awkwardPageTreePdf());
}, 120_000);

afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

/**
 * Calls `ping` every 10 ms until `work` settles. Answers how many pings completed meanwhile, and this thread's
 * event-loop utilisation over that time (a ratio, not a duration: near 1 if the work ran on this thread).
 */
async function pingsDuring(
  work: Promise<unknown>,
  ping: () => Promise<unknown>,
): Promise<{ answered: number; busy: number }> {
  const before = nodePerformance.eventLoopUtilization();
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  let answered = 0;
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    await ping();
    if (!settled) answered += 1;
  }
  await done;
  return { answered, busy: nodePerformance.eventLoopUtilization(before).utilization };
}

describe("reading a PDF's pages", () => {
  it("gives every page's geometry exactly as pdf.js does, page by page", async () => {
    const task = getDocument({ data: new Uint8Array(await readFile(awkward)), verbosity: 0 });
    const document = await task.promise;
    const expected = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      expected.push({ view: [...page.view], rotate: page.rotate });
    }
    await task.destroy();
    expect(expected).toHaveLength(11);
    // The rules differ from page to page (inherited, reversed, outside, invalid boxes; odd rotations).
    expect(new Set(expected.map((page) => JSON.stringify(page))).size).toBeGreaterThan(6);
    expect(await pagesInOnePass(awkward, expected.length)).toEqual(expected);
    expect((await inspectPdf(awkward)).map((page) => page.rotation)).toEqual(expected.map((page) => page.rotate % 360));
  });

  it("refuses more pages than the limit, and a page no real page has, each with its reason", async () => {
    await expect(inspectPdf(tooManyPages)).rejects.toThrow(
      inEnglish(pdfProblems.tooManyPages(pageBounds.maxPages + 1)),
    );
    await expect(inspectPdf(endlessWidth)).rejects.toThrow(inEnglish(pdfProblems.badPageSize(1)));
  });

  it("reads the pages off this thread: its event loop stays mostly idle while 5,000 pages are read", async () => {
    await inspectPdf(awkward);
    const before = nodePerformance.eventLoopUtilization();
    expect(await inspectPdf(manyPages)).toHaveLength(pageBounds.maxPages);
    // A ratio of this thread's busy time to the time taken, not a duration: read here, it is close to 1.
    expect(nodePerformance.eventLoopUtilization(before).utilization).toBeLessThan(0.5);
  });

  it("gives up after its time limit, and the next file is read as usual", async () => {
    await expect(inspectPdf(manyPages, { timeLimitMs: 1 })).rejects.toThrow(inEnglish(pdfProblems.tooSlow(0.001)));
    expect(await inspectPdf(awkward)).toHaveLength(11);
  });
});

describe("the sandbox while it reads a large PDF", () => {
  let running: RunningSandbox;
  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(async () => running?.close());

  const upload = async (file: string) => {
    const fields = [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]];
    return callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({ file: new Uint8Array(await readFile(file)), templateName: "Big", fields }),
    });
  };

  it("keeps answering other requests, and accepts 5,000 pages", async () => {
    const creating = upload(manyPages);
    const { answered, busy } = await pingsDuring(creating, () =>
      callApi(running.url, "GET", "/getAllDocuments", { key: running.key }),
    );
    expect((await creating).status).toBe(200);
    expect(answered).toBeGreaterThanOrEqual(5);
    // Read on this thread (as before the worker), the loop is busy nearly all the time and few pings get through.
    expect(busy).toBeLessThan(0.6);
  });

  it("refuses an endless page with 400 and its reason, and still starts again on its data", async () => {
    const answer = await upload(endlessWidth);
    expect(answer).toMatchObject({ status: 400, body: { message: inEnglish(pdfProblems.badPageSize(1)) } });
    await running.restart();
    expect((await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).status).toBe(200);
  });
});

describe("the main process while it reads a large PDF", () => {
  let app: TestCore;
  beforeAll(async () => {
    app = await startTestCore({ embeddedSandbox: false });
  });
  afterAll(async () => app?.close());

  const createDraft = async (file: string) => {
    return app.invoke("draftsCreateFromFile", {
      fileName: path.basename(file),
      bytes: new Uint8Array(await readFile(file)),
    });
  };

  it("keeps answering IPC calls while a 5,000-page draft is made", async () => {
    const creating = createDraft(manyPages);
    const { answered, busy } = await pingsDuring(creating, () => app.invoke("appInfo"));
    const result = await creating;
    expect(result.ok && result.value.pages.length).toBe(pageBounds.maxPages);
    expect(answered).toBeGreaterThanOrEqual(5);
    // Read on this thread (as before the worker), the loop is busy nearly all the time and few pings get through.
    expect(busy).toBeLessThan(0.6);
  });

  it("refuses too many pages and an endless page with the reason, as invalid input", async () => {
    for (const [file, message] of [
      [tooManyPages, inEnglish(pdfProblems.tooManyPages(pageBounds.maxPages + 1))],
      [endlessWidth, inEnglish(pdfProblems.badPageSize(1))],
    ] as const) {
      const result = await createDraft(file);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toBe(message);
    }
  });
});
