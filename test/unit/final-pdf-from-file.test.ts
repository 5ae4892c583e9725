import { createHash } from "node:crypto";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readOriginalFile } from "../../node-shared/pdf/read-original";
import { type AuditTrail, buildFinalPdf, type StampedField } from "../../sandbox/final-pdf/build-final-pdf";
import { withUpdateNaming, writeLargeStreamPdf } from "../support/large-stream-pdf";
import { testSealCertificate } from "../support/seal";

/**
 * The final PDF built from the original's file as the worker builds it, the data of its large streams left in
 * the file: the same file, byte for byte, as from the original held in memory, and the same refusals.
 */
const audit: AuditTrail = {
  documentId: "scan",
  documentName: "Scan",
  createdAt: "2026-03-01T09:00:00.000Z",
  finalizedAt: "2026-03-02T09:00:00.000Z",
  signers: [{ name: "Ada", email: "ada@example.com", signedAt: "2026-03-02T08:59:00.000Z", ipAddress: "::1" }],
  originalSha256: "",
};
const fields: StampedField[] = [
  { id: "name", type: "Text", page: 1, x: 72, y: 72, value: "Ada Lovelace" },
  { id: "agree", type: "Checkbox", page: 1, x: 72, y: 120, value: true },
];

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "signdesk-final-from-file-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const unreadBytes = (ranges: readonly { start: number; end: number }[]) =>
  ranges.reduce((total, range) => total + range.end - range.start, 0);

async function fromFile(file: string) {
  const original = readOriginalFile(file);
  const unreadBefore = unreadBytes(original.unreadRanges);
  try {
    const final = await buildFinalPdf(original, fields, audit, await testSealCertificate());
    const written = path.join(folder, "written.pdf");
    const handle = await open(written, "w");
    await final.writeTo(handle);
    await handle.close();
    return {
      final,
      bytes: Buffer.from(final.bytes),
      written: await readFile(written),
      unreadBefore,
      unread: unreadBytes(original.unreadRanges),
    };
  } finally {
    original.close();
  }
}

it("builds the same final PDF from the file, its large stream left there, as from the file in memory", async () => {
  // Page content long enough to be left unread too, which restores more than it saves halfway through: it is read
  // (all of it) to be wrapped.
  const half = "0 0 m 1 1 l S ".repeat(20_000);
  const content = `${half}Q Q ${half}`;
  const file = path.join(folder, "scan.pdf");
  await writeLargeStreamPdf(file, { dataBytes: 3 * 1024 * 1024, content });
  const inMemory = await buildFinalPdf(
    new Uint8Array(await readFile(file)),
    fields,
    audit,
    await testSealCertificate(),
  );
  const { final, bytes, written, unreadBefore, unread } = await fromFile(file);
  expect(bytes.equals(Buffer.from(inMemory.bytes))).toBe(true);
  expect(written.equals(Buffer.from(inMemory.bytes))).toBe(true);
  expect(final.sha256).toBe(createHash("sha256").update(written).digest("hex"));
  expect(final.signedContentSha256).toBe(inMemory.signedContentSha256);
  // The scan's 3 MB were never brought into memory; the page's content (half a megabyte) was, to be wrapped.
  expect(unreadBefore).toBeGreaterThan(3.3 * 1024 * 1024);
  expect(unread).toBeGreaterThan(2.9 * 1024 * 1024);
  expect(unread).toBeLessThan(3 * 1024 * 1024);
});

it("refuses a page that the cross-reference data places inside a large stream's data, as in memory", async () => {
  const file = path.join(folder, "hidden.pdf");
  const hidden = "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R >>\nendobj\n";
  const at = 512 * 1024;
  const { dataStart, xrefAt } = await writeLargeStreamPdf(file, {
    dataBytes: 1024 * 1024,
    planted: { at, text: hidden },
  });
  const shadowed = withUpdateNaming(new Uint8Array(await readFile(file)), new Map([[3, dataStart + at]]), xrefAt);
  await writeFile(file, shadowed);
  const refusal = "object 3 is defined more than once";
  await expect(buildFinalPdf(shadowed, fields, audit, await testSealCertificate())).rejects.toThrow(refusal);
  await expect(fromFile(file)).rejects.toThrow(refusal);
});
