import { execFileSync, spawnSync } from "node:child_process";
import { createHash, createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ContentInfo, SignedData } from "@peculiar/asn1-cms";
import { AsnConvert } from "@peculiar/asn1-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPadesSignature, padesSignatureMaxBytes } from "../../sandbox/final-pdf/seal/cms-signature";
import type { SealCertificate } from "../../sandbox/final-pdf/seal/sandbox-certificate";
import { id_aa_signingCertificateV2, SigningCertificateV2 } from "../../sandbox/final-pdf/seal/signing-certificate-v2";
import { describeWith } from "../support/requirements";
import { testSealCertificate } from "../support/seal";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();

describe("the PAdES CMS signature", () => {
  let certificate: SealCertificate;
  let folder: string;
  beforeAll(async () => {
    certificate = await testSealCertificate();
    folder = await mkdtemp(path.join(tmpdir(), "signdesk-cms-test-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("is a detached SignedData v1 with content-type, message-digest and signing-certificate-v2, and no signing time", () => {
    const digest = sha256(Buffer.from("the signed bytes"));
    const der = createPadesSignature(digest, certificate);
    expect(der.length).toBeLessThanOrEqual(padesSignatureMaxBytes);

    const signedData = AsnConvert.parse(AsnConvert.parse(der, ContentInfo).content, SignedData);
    expect(signedData.version).toBe(1);
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    expect(signedData.digestAlgorithms.map((item) => item.algorithm)).toEqual(["2.16.840.1.101.3.4.2.1"]);
    expect(signedData.certificates).toHaveLength(1);
    const signer = signedData.signerInfos[0];
    expect(signer?.sid.issuerAndSerialNumber).toBeDefined();
    expect(signer?.signatureAlgorithm.algorithm).toBe("1.2.840.113549.1.1.11");
    expect(signer?.signedAttrs?.map((item) => item.attrType).sort()).toEqual(
      ["1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4", id_aa_signingCertificateV2].sort(),
    );
    const essValue = signer?.signedAttrs?.find((item) => item.attrType === id_aa_signingCertificateV2)?.attrValues[0];
    const signingCertificate = AsnConvert.parse(essValue ?? new ArrayBuffer(0), SigningCertificateV2);
    expect(signingCertificate.certs).toHaveLength(1);
    expect(signingCertificate.certs[0]?.hashAlgorithm).toBeUndefined();
    const certHash = new Uint8Array(signingCertificate.certs[0]?.certHash.buffer ?? new ArrayBuffer(0));
    expect(Buffer.from(certHash).equals(sha256(certificate.certificateDer))).toBe(true);
  });

  it("refuses a digest that is not SHA-256's size", () => {
    expect(() => createPadesSignature(new Uint8Array(20), certificate)).toThrow(RangeError);
  });

  describeWith("pdf-tools", "checked by OpenSSL", () => {
    /** `openssl cms -verify` of `signature` over the detached `content`; the exit status and what it printed. */
    async function opensslVerify(signature: Uint8Array, content: Uint8Array, trust: string[] = ["-noverify"]) {
      const [signatureFile, contentFile] = [path.join(folder, "sig.der"), path.join(folder, "data.bin")];
      await writeFile(signatureFile, signature);
      await writeFile(contentFile, content);
      const args = ["cms", "-verify", "-binary", "-inform", "DER", "-in", signatureFile, "-content", contentFile];
      const result = spawnSync("openssl", [...args, ...trust, "-purpose", "any", "-out", path.join(folder, "out.bin")]);
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    }

    it("verifies over the content, and fails once the content changes", async () => {
      const content = Buffer.from("%PDF-1.7 pretend these are the ByteRange bytes\n".repeat(100));
      const signature = createPadesSignature(sha256(content), certificate);
      const verified = await opensslVerify(signature, content);
      expect(verified.status, verified.output).toBe(0);
      expect(verified.output).toContain("Verification successful");

      const pem = new X509Certificate(certificate.certificateDer).toString();
      await writeFile(path.join(folder, "cert.pem"), pem);
      const trusted = await opensslVerify(signature, content, ["-CAfile", path.join(folder, "cert.pem")]);
      expect(trusted.status, trusted.output).toBe(0);

      const altered = Buffer.from(content);
      altered[10] = (altered[10] ?? 0) ^ 1;
      const failed = await opensslVerify(signature, altered);
      expect(failed.status).not.toBe(0);
      expect(failed.output).toContain("Verification failure");
    });

    it("prints with signing-certificate-v2 and without signing-time", async () => {
      const signatureFile = path.join(folder, "printed.der");
      await writeFile(signatureFile, createPadesSignature(sha256(Buffer.from("x")), certificate));
      const printed = execFileSync("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", signatureFile], {
        encoding: "utf8",
      });
      expect(printed).toContain("id-smime-aa-signingCertificateV2");
      expect(printed).toContain("contentType");
      expect(printed).toContain("messageDigest");
      expect(printed).toMatch(/eContent: <ABSENT>/);
      expect(printed).not.toMatch(/signingTime|1\.2\.840\.113549\.1\.9\.5/);
    });

    it("signs with an ECDSA P-256 key as well", async () => {
      const [keyFile, certificateFile] = [path.join(folder, "ec-key.pem"), path.join(folder, "ec-cert.pem")];
      execFileSync(
        "openssl",
        [
          ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1"],
          ...["-subj", "/CN=EC seal test", "-keyout", keyFile, "-out", certificateFile],
        ],
        { stdio: "pipe" },
      );
      const ecCertificate = new X509Certificate(await readFile(certificateFile));
      const seal: SealCertificate = {
        certificateDer: new Uint8Array(ecCertificate.raw),
        privateKey: createPrivateKey(await readFile(keyFile)),
        fingerprintSha256: ecCertificate.fingerprint256,
        subjectName: "CN=EC seal test",
      };
      const content = Buffer.from("content signed with ECDSA");
      const signature = createPadesSignature(sha256(content), seal);
      const verified = await opensslVerify(signature, content);
      expect(verified.status, verified.output).toBe(0);
      expect((await opensslVerify(signature, Buffer.from("other content"))).status).not.toBe(0);
    });
  });
});
