import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { inspectPdfSeal, type PdfSealReport } from "../../main/downloads/final-pdf-seal";
import type { SealCertificate } from "../../sandbox/final-pdf/seal/sandbox-certificate";
import { minimalSignedPdf, withAnotherSignature } from "../support/minimal-signed-pdf";
import { pdfsigSignatures } from "../support/pdf-tools";
import { availability, skipIsAllowed } from "../support/requirements";
import { testSealCertificate } from "../support/seal";
import { seededRandom } from "../support/seeded-random";

/** Skipped where Poppler is missing, unless every component is required (REQUIRE_ALL=1): then it fails. */
const skipPdfsig = !availability("pdf-tools").available && skipIsAllowed("pdf-tools");

/** The signed PDF with the byte at `at` changed. */
function flipped(pdf: Buffer, at: number): Buffer {
  const copy = Buffer.from(pdf);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

function onlySignature(report: PdfSealReport) {
  expect(report.signatures).toHaveLength(1);
  const [signature] = report.signatures;
  if (!signature) throw new Error("no signature");
  return signature;
}

describe("inspectPdfSeal", () => {
  let certificate: SealCertificate;
  let signed: Buffer;
  beforeAll(async () => {
    certificate = await testSealCertificate();
    signed = minimalSignedPdf(certificate);
  });

  it("finds a seal over the whole file that verifies", () => {
    const report = inspectPdfSeal(signed);
    expect(report).toMatchObject({ sealed: true, intact: true });
    const signature = onlySignature(report);
    expect(signature).toEqual({
      byteRange: [0, expect.any(Number), expect.any(Number), expect.any(Number)],
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      signerName: "Signdesk Sandbox Test Certificate",
      certificateFingerprintSha256: certificate.fingerprintSha256,
      subFilter: "ETSI.CAdES.detached",
      problem: null,
    });
    const [, b, c, d] = signature.byteRange;
    expect(signed[b]).toBe(0x3c);
    expect(signed[c - 1]).toBe(0x3e);
    expect(c + d).toBe(signed.length);
  });

  it.skipIf(skipPdfsig)("writes a file that Poppler's pdfsig (NSS) also finds valid", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "signdesk-pdfsig-"));
    try {
      const file = path.join(folder, "sealed.pdf");
      await writeFile(file, signed);
      const { signatures, report } = await pdfsigSignatures(file);
      expect(signatures, report).toEqual([
        {
          valid: true,
          wholeFile: true,
          subFilter: "ETSI.CAdES.detached",
          signer: "Signdesk Sandbox Test Certificate",
        },
      ]);
      expect(report).toContain("Signature is Valid");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("sees a changed byte in the signed range", () => {
    const report = inspectPdfSeal(flipped(signed, 20));
    const signature = onlySignature(report);
    expect(signature).toMatchObject({ coversWholeFile: true, digestMatches: false, signatureValid: true });
    expect(signature.problem).toMatch(/changed/);
    expect(report).toMatchObject({ sealed: false, intact: false });
  });

  it("sees a changed signature value", () => {
    const [, b] = onlySignature(inspectPdfSeal(signed)).byteRange;
    // The RSA signature value closes the DER (30 82 hhll …): change its last hex digit.
    const derLength = 4 + Number.parseInt(signed.toString("latin1", b + 5, b + 9), 16);
    const lastDigit = b + 1 + 2 * derLength - 1;
    const changed = Buffer.from(signed);
    changed.write(signed.toString("latin1", lastDigit, lastDigit + 1) === "0" ? "1" : "0", lastDigit, "latin1");
    const report = inspectPdfSeal(changed);
    expect(onlySignature(report)).toMatchObject({ digestMatches: true, signatureValid: false });
    expect(onlySignature(report).problem).toMatch(/does not verify/);
    expect(report).toMatchObject({ sealed: false, intact: true });
  });

  it("sees bytes added after the seal", () => {
    const report = inspectPdfSeal(Buffer.concat([signed, Buffer.from("\n% added later\n")]));
    expect(onlySignature(report)).toMatchObject({ coversWholeFile: false, digestMatches: true, signatureValid: true });
    expect(report).toMatchObject({ sealed: false, intact: false });
  });

  it("orders an earlier signature before the seal that covers it", () => {
    const twice = withAnotherSignature(Buffer.from(signed), certificate);
    const report = inspectPdfSeal(twice);
    expect(report).toMatchObject({ sealed: true, intact: true });
    expect(report.signatures.map((signature) => signature.coversWholeFile)).toEqual([false, true]);
    expect(report.signatures.every((signature) => signature.digestMatches && signature.signatureValid)).toBe(true);
    expect(report.signatures[1]?.subFilter).toBe("ETSI.CAdES.detached");

    const firstRevisionChanged = inspectPdfSeal(flipped(twice, 20));
    expect(firstRevisionChanged.signatures.map((signature) => signature.digestMatches)).toEqual([false, false]);
    expect(firstRevisionChanged).toMatchObject({ sealed: false, intact: false });
  });

  it("reads a CMS with an indefinite (BER) outer length", () => {
    const signature = onlySignature(inspectPdfSeal(signed));
    const [, b] = signature.byteRange;
    // 30 82 hh ll <body> becomes 30 80 <body> 00 00: the same size, so it fits the same gap.
    const hex = signed.toString("latin1", b + 1, b + 9);
    expect(hex.slice(0, 4)).toBe("3082");
    const length = Number.parseInt(hex.slice(4, 8), 16);
    const ber = Buffer.from(signed);
    const body = signed.toString("latin1", b + 9, b + 9 + length * 2);
    ber.write(`3080${body}0000`, b + 1, "latin1");
    expect(inspectPdfSeal(ber)).toMatchObject({
      sealed: true,
      signatures: [{ digestMatches: true, signatureValid: true, problem: null }],
    });
  });

  describe("hostile or broken input", () => {
    const noSignature = { signatures: [], sealed: false, intact: false };

    it("answers, without throwing, for empty and random bytes", () => {
      expect(inspectPdfSeal(new Uint8Array(0))).toEqual(noSignature);
      expect(inspectPdfSeal(randomBytes(100_000))).toEqual(noSignature);
      expect(inspectPdfSeal(Buffer.from("%PDF-1.7\n/ByteRange"))).toEqual(noSignature);
      expect(inspectPdfSeal(Buffer.from("/ByteRange [0 /********** /********** /**********]"))).toEqual(noSignature);
      expect(inspectPdfSeal(Buffer.from("/ByteRange [0 99999999999999999999 1 1]"))).toEqual(noSignature);
    });

    it("reports a range past the end of the file", () => {
      const report = inspectPdfSeal(Buffer.from("%PDF-1.7\n<< /ByteRange [0 10 20 99999999] /Contents <00> >>"));
      expect(onlySignature(report).problem).toMatch(/past the end/);
      expect(report.sealed).toBe(false);
    });

    it("reports a gap that is not a hex string, or hex that is not CMS", () => {
      const garbage = (contents: string) => {
        const prefix = "%PDF-1.7\n<< /SubFilter /ETSI.CAdES.detached /ByteRange [0 0000 0000 0000] /Contents ";
        const start = prefix.length;
        const end = start + contents.length;
        const text = `${prefix}${contents} >>\n`;
        return Buffer.from(
          text.replace("[0 0000 0000 0000]", `[0 ${start} ${end} ${text.length - end}]`.padEnd(18, " ")),
        );
      };
      for (const contents of ["<zz>", "<>", "<3082ffff00>", "<300a0102>", "<48656c6c6f>", "<3003020101>", "<3080>"]) {
        const signature = onlySignature(inspectPdfSeal(garbage(contents)));
        expect(signature.problem, contents).toEqual(expect.any(String));
        expect(signature.signatureValid, contents).toBe(false);
        expect(signature.subFilter, contents).toBe("ETSI.CAdES.detached");
      }
    });

    it("decodes a /Contents once, however many ranges point at it", () => {
      const contents = `<${"30".repeat(1000)}>`;
      const start = 100;
      const end = start + contents.length;
      const ranges = [1, 2, 3].map((d) => `/ByteRange [0 ${start} ${end} ${d}]`).join(" ");
      const pdf = Buffer.from(`${"%".repeat(start)}${contents}${ranges}`.padEnd(end + 200, " "));
      const problems = inspectPdfSeal(pdf).signatures.map((signature) => signature.problem);
      expect(problems).toHaveLength(3);
      expect(problems.slice(1)).toEqual([expect.stringMatching(/shared/), expect.stringMatching(/shared/)]);
    });

    it("never throws on a damaged or cut signed file", () => {
      const random = seededRandom(7);
      for (let round = 0; round < 300; round++) {
        const damaged = Buffer.from(signed);
        for (let change = 0; change < 1 + Math.floor(random() * 8); change++) {
          damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        }
        const cut = damaged.subarray(0, round % 3 === 0 ? Math.floor(random() * damaged.length) : damaged.length);
        const report = inspectPdfSeal(cut);
        for (const signature of report.signatures) {
          expect(signature.problem === null).toBe(signature.digestMatches && signature.signatureValid);
        }
      }
    });
  });

  // How long it takes is the core benchmark's `seal_check_50mb_ms`.
  it("checks a 50 MB file", () => {
    const large = minimalSignedPdf(certificate, 50 * 1024 * 1024);
    expect(inspectPdfSeal(large).sealed).toBe(true);
  });
});
