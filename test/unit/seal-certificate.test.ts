import { sign, verify, X509Certificate } from "node:crypto";
import { copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

type CertificateModule = typeof import("../../sandbox/final-pdf/seal/sandbox-certificate");

/** The module as a new process loads it, with nothing remembered from earlier calls. */
async function freshModule(): Promise<CertificateModule> {
  vi.resetModules();
  return import("../../sandbox/final-pdf/seal/sandbox-certificate");
}

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-seal-test-"));
  folders.push(folder);
  return folder;
}

describe("the sandbox's seal certificate", () => {
  it("is made once, even when first asked for twice at the same time, and stored in a folder it creates", async () => {
    const folder = path.join(await tempFolder(), "data", "seal");
    const { loadOrCreateSealCertificate } = await freshModule();
    const [first, second] = await Promise.all([
      loadOrCreateSealCertificate(folder),
      loadOrCreateSealCertificate(folder),
    ]);
    expect(second).toBe(first);
    expect((await readdir(folder)).sort()).toEqual(["certificate.pem", "private-key.pem"]);

    const certificate = new X509Certificate(await readFile(path.join(folder, "certificate.pem")));
    expect(Buffer.from(first.certificateDer).equals(certificate.raw)).toBe(true);
    expect(first.fingerprintSha256).toBe(certificate.fingerprint256);
    expect(first.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(first.subjectName).toBe("CN=Signdesk Sandbox Test Certificate, O=Signdesk sandbox (not a trusted signer)");
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.ca).toBe(false);
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const years = (certificate.validToDate.getTime() - certificate.validFromDate.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeCloseTo(10, 1);

    const data = Buffer.from("sealed");
    expect(verify("sha256", data, certificate.publicKey, sign("sha256", data, first.privateKey))).toBe(true);
    if (process.platform !== "win32") {
      expect((await stat(path.join(folder, "private-key.pem"))).mode & 0o777).toBe(0o600);
    }
  });

  it("is read back unchanged by a later process", async () => {
    const folder = await tempFolder();
    const made = await (await freshModule()).loadOrCreateSealCertificate(folder);
    const again = await (await freshModule()).loadOrCreateSealCertificate(folder);
    expect(again).not.toBe(made);
    expect(again.fingerprintSha256).toBe(made.fingerprintSha256);
    expect(Buffer.from(again.certificateDer).equals(made.certificateDer)).toBe(true);
    expect(again.privateKey.equals(made.privateKey)).toBe(true);
    expect(again.subjectName).toBe(made.subjectName);
    expect((await readdir(folder)).sort()).toEqual(["certificate.pem", "private-key.pem"]);
  });

  it("sets a damaged certificate aside, with its key, and makes a new pair", async () => {
    const folder = await tempFolder();
    const made = await (await freshModule()).loadOrCreateSealCertificate(folder);
    await writeFile(
      path.join(folder, "certificate.pem"),
      "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
    );

    const replaced = await (await freshModule()).loadOrCreateSealCertificate(folder);
    expect(replaced.fingerprintSha256).not.toBe(made.fingerprintSha256);
    const names = await readdir(folder);
    const asideCertificate = names.find((name) => /^certificate\.pem\.damaged-[\d-]+T[\d-]+Z$/.test(name));
    const asideKey = names.find((name) => /^private-key\.pem\.damaged-[\d-]+T[\d-]+Z$/.test(name));
    expect(asideCertificate, names.join(", ")).toBeDefined();
    expect(asideKey, names.join(", ")).toBeDefined();
    expect(await readFile(path.join(folder, asideCertificate ?? ""), "utf8")).toContain("AAAA");

    const stored = new X509Certificate(await readFile(path.join(folder, "certificate.pem")));
    expect(stored.fingerprint256).toBe(replaced.fingerprintSha256);
    expect(stored.checkPrivateKey(replaced.privateKey)).toBe(true);
  });

  it("replaces a key that does not belong to the certificate", async () => {
    const [folder, other] = [await tempFolder(), await tempFolder()];
    const made = await (await freshModule()).loadOrCreateSealCertificate(folder);
    const otherMade = await (await freshModule()).loadOrCreateSealCertificate(other);
    await copyFile(path.join(other, "private-key.pem"), path.join(folder, "private-key.pem"));

    const replaced = await (await freshModule()).loadOrCreateSealCertificate(folder);
    expect([made.fingerprintSha256, otherMade.fingerprintSha256]).not.toContain(replaced.fingerprintSha256);
    expect(new X509Certificate(replaced.certificateDer).checkPrivateKey(replaced.privateKey)).toBe(true);
  });

  it("makes a new pair when one of the two files is missing", async () => {
    const folder = await tempFolder();
    const made = await (await freshModule()).loadOrCreateSealCertificate(folder);
    await rm(path.join(folder, "certificate.pem"));
    const replaced = await (await freshModule()).loadOrCreateSealCertificate(folder);
    expect(replaced.fingerprintSha256).not.toBe(made.fingerprintSha256);
    expect((await readdir(folder)).some((name) => name.startsWith("private-key.pem.damaged-"))).toBe(true);
    const stored = new X509Certificate(await readFile(path.join(folder, "certificate.pem")));
    expect(stored.checkPrivateKey(replaced.privateKey)).toBe(true);
  });

  it("does not remember a failure: the next call tries again", async () => {
    const folder = path.join(await tempFolder(), "seal");
    await writeFile(folder, "a file where the folder should be");
    const { loadOrCreateSealCertificate } = await freshModule();
    await expect(loadOrCreateSealCertificate(folder)).rejects.toThrow();
    await rm(folder);
    await expect(loadOrCreateSealCertificate(folder)).resolves.toMatchObject({ subjectName: expect.any(String) });
  });
});
