import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readPageCount, readPageText } from "../support/pdf-text";
import { describeWith } from "../support/requirements";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

const run = promisify(execFile);

describeWith("libreoffice", "Word documents, converted by LibreOffice", () => {
  let running: RunningSandbox;
  let work: string;
  let docx: Uint8Array;

  beforeAll(async () => {
    running = await startSandbox();
    work = await mkdtemp(path.join(tmpdir(), "signdesk-docx-"));
    // A real DOCX, written by LibreOffice itself from plain text.
    await writeFile(path.join(work, "lease.txt"), "Residential lease\n\nTenant signature: ____________\n");
    await run(process.env.SOFFICE_PATH ?? "soffice", [
      `-env:UserInstallation=${pathToFileURL(path.join(work, "profile")).href}`,
      "--headless",
      "--convert-to",
      "docx:MS Word 2007 XML",
      "--outdir",
      work,
      path.join(work, "lease.txt"),
    ]);
    docx = new Uint8Array(await readFile(path.join(work, "lease.docx")));
  });
  afterAll(async () => {
    await running?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("converts a DOCX to PDF and keeps the converted PDF as the template", async () => {
    const answer = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: new Blob([new Uint8Array(docx)], {
          type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }),
        fileName: "lease.docx",
        templateName: "Lease",
        fields: [[{ id: "tenant", x: 72, y: 200, page: 1, type: "Signature", recipient: 1 }]],
      }),
    });
    expect(answer.status).toBe(200);
    const templateId = (answer.body as { template_id: string }).template_id;
    const stored = new Uint8Array(
      await readFile(path.join(running.dataDir, "files", "templates", `${templateId}.pdf`)),
    );
    expect(new TextDecoder().decode(stored.subarray(0, 5))).toBe("%PDF-");
    expect(await readPageCount(stored)).toBe(1);
    expect(await readPageText(stored, 1)).toContain("Residential lease");
  });

  it("answers 400 naming the problem for a DOCX that LibreOffice cannot read, and keeps serving", async () => {
    const broken = new TextEncoder().encode("PK\u0003\u0004 this is not really a Word document");
    const answer = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: new Blob([broken]),
        fileName: "broken.docx",
        templateName: "Broken",
        fields: [[{ id: "s", x: 72, y: 200, page: 1, type: "Signature", recipient: 1 }]],
      }),
    });
    expect(answer.body).toEqual({
      message: "The Word document could not be converted to PDF: it is damaged or not a Word document.",
    });
    expect(answer.status).toBe(400);
    const still = await callApi(running.url, "GET", "/getAllDocuments", { key: running.key });
    expect(still.status).toBe(200);
  });
});
