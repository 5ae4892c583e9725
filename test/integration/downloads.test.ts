import { createHash } from "node:crypto";
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadFinalPdf } from "../../main/downloads/download-final-pdf";
import { sealSummaryOf } from "../../main/downloads/seal-summary";
import { currentFinalUrl, finishedDocument } from "../support/finished-document";
import { shiftedClock } from "../support/manual-clock";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

describe("downloading the final PDF", () => {
  let running: RunningSandbox;
  let folder: string;
  let clockOffset = 0;

  beforeAll(async () => {
    running = await startSandbox({ clock: shiftedClock(() => clockOffset) });
    folder = await mkdtemp(path.join(tmpdir(), "signdesk-downloads-"));
  });
  afterAll(async () => {
    await running?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("finds the sandbox's seal over the whole saved file, and tells a changed or extended copy", async () => {
    const { pdfId, finalUrl } = await finishedDocument(running, "Sealed lease");
    const saved = await downloadFinalPdf({
      finalUrl,
      refreshUrl: () => currentFinalUrl(running, pdfId),
      directory: folder,
      documentName: "Sealed lease",
    });
    const seal = await sealSummaryOf(saved.path);
    expect(seal).toMatchObject({ signatures: 1, sealed: true, intact: true });
    expect(seal.signerName).toContain("Signdesk Sandbox Test Certificate");
    expect(seal.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    const bytes = await readFile(saved.path);
    // One byte of the stamped document changed: the digest no longer matches.
    const changed = Buffer.from(bytes);
    const at = changed.indexOf("/MediaBox");
    changed[at + 1] = "m".charCodeAt(0);
    await writeFile(path.join(folder, "changed.pdf"), changed);
    expect(await sealSummaryOf(path.join(folder, "changed.pdf"))).toMatchObject({ sealed: false, intact: false });
    // Bytes added after the seal: it no longer covers the whole file.
    await writeFile(path.join(folder, "extended.pdf"), Buffer.concat([bytes, Buffer.from("\n% added\n")]));
    expect(await sealSummaryOf(path.join(folder, "extended.pdf"))).toMatchObject({ sealed: false, intact: false });
    await rm(path.join(folder, "changed.pdf"));
    await rm(path.join(folder, "extended.pdf"));
    await rm(saved.path);
  });

  it("saves it under a readable, unique name, streamed with progress, byte for byte", async () => {
    const { pdfId, finalUrl } = await finishedDocument(running, "Lease: Flat 2/B");
    const progress: number[] = [];
    const first = await downloadFinalPdf({
      finalUrl,
      refreshUrl: () => currentFinalUrl(running, pdfId),
      directory: folder,
      documentName: "Lease: Flat 2/B",
      onProgress: (received) => progress.push(received),
    });
    expect(path.basename(first.path)).toBe("Lease Flat 2 B - signed.pdf");
    const bytes = await readFile(first.path);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const expected = (await fetch(finalUrl)).headers.get("x-content-sha256");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(expected);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(bytes.length);
    const second = await downloadFinalPdf({
      finalUrl,
      refreshUrl: async () => null,
      directory: folder,
      documentName: "Lease: Flat 2/B",
    });
    expect(path.basename(second.path)).toBe("Lease Flat 2 B - signed (2).pdf");
    expect((await readdir(folder)).filter((name) => name.endsWith(".part") || name.startsWith(".signdesk-"))).toEqual(
      [],
    );
  });

  it("refreshes an expired link once and completes", async () => {
    const { pdfId, finalUrl } = await finishedDocument(running, "Expiring");
    clockOffset = 16 * 60_000;
    try {
      expect((await fetch(finalUrl)).status).toBe(403);
      let refreshes = 0;
      const saved = await downloadFinalPdf({
        finalUrl,
        refreshUrl: () => {
          refreshes += 1;
          return currentFinalUrl(running, pdfId);
        },
        directory: folder,
        documentName: "Expiring",
      });
      expect(refreshes).toBe(1);
      expect((await readFile(saved.path)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    } finally {
      clockOffset = 0;
    }
  });

  it("refuses a body that is not a PDF and leaves no file behind", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/pdf" }).end("<html>Sign in to continue</html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const target = await mkdtemp(path.join(tmpdir(), "signdesk-notpdf-"));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/final.pdf`;
      await expect(
        downloadFinalPdf({ finalUrl: url, refreshUrl: async () => null, directory: target, documentName: "X" }),
      ).rejects.toMatchObject({
        code: "not_pdf",
        message: "The service sent something that is not a PDF; nothing was saved.",
      });
      expect(await readdir(target)).toEqual([]);
    } finally {
      server.close();
      await rm(target, { recursive: true, force: true });
    }
  });

  it("says clearly when the folder cannot be written", async () => {
    const { finalUrl } = await finishedDocument(running, "Locked");
    // Root may write anywhere except where the kernel refuses: sysfs takes no new files, even from root.
    const asRoot = process.getuid?.() === 0 && process.platform === "linux";
    const locked = asRoot ? "/sys" : await mkdtemp(path.join(tmpdir(), "signdesk-locked-"));
    if (!asRoot) await chmod(locked, 0o555);
    try {
      await expect(
        downloadFinalPdf({ finalUrl, refreshUrl: async () => null, directory: locked, documentName: "Lease" }),
      ).rejects.toMatchObject({
        code: "download_folder",
        message: `Cannot save into ${locked}: permission denied.`,
      });
      if (!asRoot) expect(await readdir(locked)).toEqual([]);
      const missing = path.join(folder, "no-such-folder");
      await expect(
        downloadFinalPdf({ finalUrl, refreshUrl: async () => null, directory: missing, documentName: "X" }),
      ).rejects.toMatchObject({
        code: "download_folder",
        message: `The folder ${missing} does not exist.`,
      });
    } finally {
      if (!asRoot) {
        await chmod(locked, 0o755);
        await rm(locked, { recursive: true, force: true });
      }
    }
  });
});
