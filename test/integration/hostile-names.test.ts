import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { finishedDocument } from "../support/finished-document";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { fileNameProblems } from "../support/safe-file-name-check";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

/** 200 CJK characters: within the contract's 255 characters, but 600 UTF-8 bytes (Linux takes 255). */
const cjk200 = "賃貸借契約書".repeat(34).slice(0, 200);
/** 100 characters, 300 bytes. */
const cjk100 = cjk200.slice(0, 100);

describeWith("secret-service", "hostile file and document names, through the handlers", () => {
  let running: RunningSandbox;
  let app: TestCore;

  beforeAll(async () => {
    running = await startSandbox();
    app = await startTestCore({ embeddedSandbox: false, client: { backoffBaseMs: 10 } });
    const account = await app.call("accountsAdd", { name: "Local", baseUrl: running.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
  });
  afterAll(async () => {
    await app?.close();
    await running?.close();
  });

  it("drafts:createFromFile makes a draft with a sensible name for any file name", async () => {
    const pdf = await makePdf();
    const cases: [fileName: string, draftName: string][] = [
      [".", "Untitled draft"],
      ["..", "Untitled draft"],
      ["../..", "Untitled draft"],
      [".pdf", "Untitled draft"],
      ["   ", "Untitled draft"],
      ["\0", "Untitled draft"],
      ["a\0b.pdf", "a b"],
      ["Lease\u0000\u0007 2031.pdf", "Lease 2031"],
      ["/etc/passwd", "passwd"],
      ["../../../../../../tmp/escape.pdf", "escape"],
      ["C:\\Users\\ada\\Lease.pdf", "Lease"],
      ["CON", "CON"],
      ["con.pdf", "con"],
      ["NUL.tar.gz", "NUL.tar"],
      ["COM¹.pdf", "COM¹"],
      ['Lease: "Flat" <2>|B?*.pdf', 'Lease: "Flat" <2>|B?*'],
      ["trailing dots....pdf", "trailing dots..."],
      [`${cjk200}.pdf`, cjk200],
      [cjk200, cjk200],
      [`${cjk100}.pdf`, cjk100],
      [`${"😀".repeat(125)}.pdf`, "😀".repeat(100)],
    ];
    for (const [fileName, draftName] of cases) {
      const answer = await app.invoke("draftsCreateFromFile", { fileName, bytes: pdf });
      expect(answer, JSON.stringify(fileName)).toMatchObject({ ok: true, value: { name: draftName } });
      if (!answer.ok) continue;
      const draft = answer.value;
      // The file name the draft records is the scratch file's: safe on every system.
      expect(fileNameProblems(draft.source.fileName), JSON.stringify(fileName)).toEqual([]);
      const opened = await app.invoke("draftsOpen", { id: draft.id });
      expect(opened.ok && opened.value.pdf.byteLength).toBe(pdf.byteLength);
    }
    // The scratch files are gone, and nothing landed beside the app's folders.
    expect(await readdir(app.core.scratchDir)).toEqual([]);
    expect((await readdir(path.dirname(app.userDataDir))).filter((name) => /escape|passwd/.test(name))).toEqual([]);
    const listed = await app.call("draftsList");
    expect(listed.problems).toEqual([]);
    expect(listed.drafts).toHaveLength(cases.length);
  });

  it("downloads a document named CON (or after any device name) under a name safe on Windows", async () => {
    const cases: [documentName: string, fileName: string][] = [
      ["CON", "CON - signed.pdf"],
      ["con.pdf", "con_.pdf - signed.pdf"],
      ["NUL.tar.gz", "NUL_.tar.gz - signed.pdf"],
      ["Aux", "Aux - signed.pdf"],
      ["lpt1.", "lpt1 - signed.pdf"],
      ["../../etc/passwd", "etc passwd - signed.pdf"],
      ["Lease: Flat 2/B?", "Lease Flat 2 B - signed.pdf"],
      [cjk200, `${cjk200.slice(0, 80)} - signed.pdf`],
    ];
    const pdfIds = new Map<string, string>();
    for (const [documentName] of cases) {
      pdfIds.set(documentName, (await finishedDocument(running, documentName)).pdfId);
    }
    await app.call("documentsImport");
    for (const [documentName, fileName] of cases) {
      const pdfId = pdfIds.get(documentName) ?? "";
      const saved = await app.call("documentsDownload", { pdfId, transferId: `t-${pdfId}` });
      expect(path.dirname(saved.path)).toBe(app.downloadsDir);
      expect(path.basename(saved.path)).toBe(fileName);
      expect(fileNameProblems(path.basename(saved.path))).toEqual([]);
    }
    // A second download of CON takes the next free name, still safe.
    const again = await app.call("documentsDownload", { pdfId: pdfIds.get("CON") ?? "", transferId: "t-again" });
    expect(path.basename(again.path)).toBe("CON - signed (2).pdf");
    expect((await readdir(app.downloadsDir)).sort()).toEqual(
      [...cases.map(([, fileName]) => fileName), "CON - signed (2).pdf"].sort(),
    );
  });
});
