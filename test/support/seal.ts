import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadOrCreateSealCertificate, type SealCertificate } from "../../sandbox/final-pdf/seal/sandbox-certificate";

let certificate: Promise<SealCertificate> | undefined;

/** A seal certificate made once per test process in a folder of its own, as a sandbox makes its own. */
export function testSealCertificate(): Promise<SealCertificate> {
  certificate ??= loadOrCreateSealCertificate(mkdtempSync(path.join(tmpdir(), "signdesk-seal-")));
  return certificate;
}
