import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DraftStore } from "../../main/drafts/draft-store";
import { findSoffice, type SofficeEnvironment, systemEnvironment } from "../../node-shared/pdf/find-soffice";
import type { SandboxOptions } from "../../sandbox/index";
import { startTestCore, type TestCore } from "../support/core-harness";
import { readPageText } from "../support/pdf-text";
import { describeWith } from "../support/requirements";
import { callApi, startSandbox, templateForm } from "../support/sandbox";
import { protectedWordFromText, wordFromText } from "../support/word-fixtures";

const download = "https://www.libreoffice.org/download/";
const flatpakExport = ".local/share/flatpak/exports/bin/org.libreoffice.LibreOffice";
const protectedMessage = "The Word document is password-protected; save an unprotected copy and try again.";

describeWith("libreoffice", "Word documents: where LibreOffice is, and protected files", () => {
  let work: string;
  /** The LibreOffice this machine has (SOFFICE_PATH or the search), as a real file. */
  let soffice: string;
  let docx: Uint8Array;
  let lockedDocx: Uint8Array;
  let lockedDoc: Uint8Array;
  const cores: TestCore[] = [];

  /** A Linux machine with no PATH, whose only files are under `work` (nothing installed is found by chance). */
  function bareMachine(home: string): Partial<SofficeEnvironment> {
    const real = systemEnvironment();
    return {
      platform: "linux",
      env: { PATH: "" },
      homeDir: home,
      isExecutable: async (file) => file.startsWith(`${work}${path.sep}`) && real.isExecutable(file),
    };
  }

  async function coreOn(environment: Partial<SofficeEnvironment>): Promise<TestCore> {
    const core = await startTestCore({ embeddedSandbox: false, libreOffice: environment });
    cores.push(core);
    return core;
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-word-"));
    const found = (await findSoffice(systemEnvironment())).path;
    if (found === null) throw new Error("no LibreOffice, although the suite requires it");
    soffice = await realpath(found);
    docx = new Uint8Array(
      await readFile(await wordFromText(work, "Residential lease\n\nTenant: ____\n", "docx:MS Word 2007 XML", "docx")),
    );
    lockedDocx = await protectedWordFromText(work, "Secret lease\n", "MS Word 2007 XML", "docx");
    lockedDoc = await protectedWordFromText(work, "Secret memo\n", "MS Word 97", "doc");
  });
  afterAll(async () => {
    for (const core of cores) await core.close();
    await rm(work, { recursive: true, force: true });
  });

  it("finds LibreOffice where flatpak puts it, and makes a draft from a DOCX with it", async () => {
    const home = path.join(work, "home-flatpak");
    const exported = path.join(home, flatpakExport);
    await mkdir(path.dirname(exported), { recursive: true });
    await symlink(soffice, exported);
    const app = await coreOn(bareMachine(home));
    expect(await app.call("libreOfficeFind")).toMatchObject({
      path: exported,
      source: "search",
      configured: null,
      download,
    });
    const draft = await app.call("draftsCreateFromFile", { fileName: "Lease.docx", bytes: docx });
    expect(draft.source).toEqual({ fileName: "Lease.docx", kind: "docx" });
    const pdf = new Uint8Array(await readFile(app.core.drafts.pdfPath(draft.id)));
    expect(await readPageText(pdf, 1)).toContain("Residential lease");
  });

  it("refuses a path that is not LibreOffice with the reason, and uses one that is before the usual places", async () => {
    const home = path.join(work, "home-setting");
    await mkdir(home, { recursive: true });
    const app = await coreOn(bareMachine(home));
    const impostor = path.join(work, "not-soffice");
    await writeFile(impostor, '#!/bin/sh\necho "Fake Office 1.0 (a word processor)"\n');
    await chmod(impostor, 0o755);

    const refused = await app.invoke("libreOfficeUse", { path: impostor });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: "not_libreoffice",
        message: `${impostor} is not LibreOffice: asked for its version, it answered "Fake Office 1.0 (a word processor)". Choose LibreOffice's soffice program (get LibreOffice from ${download}).`,
      },
    });
    const missing = await app.invoke("libreOfficeUse", { path: path.join(work, "no-such-program") });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: "not_found", message: expect.stringContaining("There is no file at") },
    });
    expect(await app.invoke("libreOfficeUse", { path: work })).toMatchObject({
      ok: false,
      error: { code: "not_libreoffice", message: expect.stringContaining(`${work} is a folder: enter the path`) },
    });
    const relative = await app.invoke("libreOfficeUse", { path: "soffice" });
    expect(relative).toMatchObject({
      ok: false,
      error: { code: "invalid_argument", message: expect.stringContaining("absolute path") },
    });
    expect(await app.call("libreOfficeFind")).toMatchObject({ path: null, configured: null });

    // Set: used although nothing is in the usual places, and kept in the settings file.
    const chosen = path.join(work, "chosen", "soffice");
    await mkdir(path.dirname(chosen), { recursive: true });
    await symlink(soffice, chosen);
    expect(await app.call("libreOfficeUse", { path: chosen })).toMatchObject({
      path: chosen,
      source: "setting",
      configured: chosen,
    });
    expect(app.core.settings.get("sofficePath")).toBe(chosen);
    const draft = await app.call("draftsCreateFromFile", { fileName: "Lease.docx", bytes: docx });
    expect(draft.source.kind).toBe("docx");

    // "Find again" forgets it: nothing is found now, and a Word file is refused saying where to get LibreOffice.
    expect(await app.call("libreOfficeUse", { path: null })).toMatchObject({
      path: null,
      source: null,
      configured: null,
    });
    const refusedDraft = await app.invoke("draftsCreateFromFile", { fileName: "Lease.docx", bytes: docx });
    expect(refusedDraft).toMatchObject({ ok: false, error: { message: expect.stringContaining(download) } });
  });

  it("says where to get LibreOffice and where it looked when it is nowhere, leaving no draft", async () => {
    const home = path.join(work, "home-empty");
    await mkdir(home, { recursive: true });
    const app = await coreOn(bareMachine(home));
    const answer = await app.invoke("draftsCreateFromFile", { fileName: "Lease.docx", bytes: docx });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: "unreadable_file",
        message:
          `Word documents cannot be converted to PDF: LibreOffice was not found. Get it from ${download} (Signdesk looks ` +
          `in the folders on PATH (soffice, libreoffice), flatpak (/var/lib/flatpak/exports/bin/org.libreoffice.LibreOffice, ` +
          `${path.join(home, flatpakExport)}) and snap (/snap/bin/libreoffice)), or set the path to its program under ` +
          `"Word documents" on the Accounts screen.`,
      },
    });
    expect((await app.call("draftsList")).drafts).toEqual([]);
  });

  it("refuses a password-protected DOCX or DOC as protected when making a draft, leaving nothing behind", async () => {
    const root = path.join(work, "drafts");
    const store = new DraftStore({ root });
    for (const [name, bytes] of [
      ["Locked.docx", lockedDocx],
      ["Locked.doc", lockedDoc],
    ] as const) {
      const file = path.join(work, name);
      await writeFile(file, bytes);
      await expect(store.createFromFile(file), name).rejects.toThrow(protectedMessage);
    }
    expect(await store.list()).toEqual([]);
  });

  /** What the sandbox answers createNewTemplate with this Word file. */
  async function templateFromWord(options: Partial<SandboxOptions>, bytes: Uint8Array, fileName: string) {
    const running = await startSandbox(options);
    try {
      return await callApi(running.url, "POST", "/createNewTemplate", {
        key: running.key,
        form: templateForm({
          file: new Blob([new Uint8Array(bytes)]),
          fileName,
          templateName: "From Word",
          fields: [[{ id: "s", x: 72, y: 200, page: 1, type: "Signature", recipient: 1 }]],
        }),
      });
    } finally {
      await running.close();
    }
  }

  it("answers 400 saying so for a password-protected DOCX sent to createNewTemplate", async () => {
    const answer = await templateFromWord({}, lockedDocx, "locked.docx");
    expect(answer.body).toEqual({ message: protectedMessage });
    expect(answer.status).toBe(400);
  });

  it("has the sandbox use the LibreOffice it is given, and say where to get it when there is none", async () => {
    const nowhere = async () => ({ path: null, source: null, places: "the places of this test" });
    const answer = await templateFromWord({ locateSoffice: nowhere }, docx, "lease.docx");
    expect(answer.body).toEqual({
      message: `Word documents cannot be converted to PDF: LibreOffice was not found. Get it from ${download} (Signdesk looks in the places of this test), or set the path to its program under "Word documents" on the Accounts screen.`,
    });
    expect(answer.status).toBe(400);
  });
});
