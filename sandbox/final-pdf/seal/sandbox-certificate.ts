import {
  createHash,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  id_ce_authorityKeyIdentifier,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  id_ce_subjectKeyIdentifier,
  KeyIdentifier,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { writeFileAtomic } from "../../../node-shared/files/atomic-write";
import { setAside } from "../../../node-shared/files/set-aside";

export interface SealCertificate {
  certificateDer: Uint8Array;
  privateKey: KeyObject;
  /** SHA-256 of the certificate's DER: uppercase hex pairs joined by ':'. */
  fingerprintSha256: string;
  /** RFC 4514 order, e.g. `CN=Signdesk Sandbox Test Certificate, O=Signdesk sandbox (not a trusted signer)`. */
  subjectName: string;
}

const certificateFile = "certificate.pem";
const privateKeyFile = "private-key.pem";

/** Most significant first, as the DER stores them. */
const subjectAttributes: [oid: string, value: string][] = [
  ["2.5.4.10", "Signdesk sandbox (not a trusted signer)"],
  ["2.5.4.3", "Signdesk Sandbox Test Certificate"],
];
const sha256WithRsaEncryption = "1.2.840.113549.1.1.11";
const validityYears = 10;

const pending = new Map<string, Promise<SealCertificate>>();

/**
 * The sandbox's seal certificate and key, kept in `folder` (created on first use). Read back when present and
 * sound; otherwise what is there is set aside and a new self-signed RSA-2048 pair is made and stored.
 */
export async function loadOrCreateSealCertificate(folder: string): Promise<SealCertificate> {
  const key = path.resolve(folder);
  let loading = pending.get(key);
  if (!loading) {
    const started = loadOrCreate(key);
    loading = started;
    pending.set(key, started);
    // A failure (a full disk, say) is not remembered: the next call tries again.
    started.catch(() => {
      if (pending.get(key) === started) pending.delete(key);
    });
  }
  return loading;
}

async function loadOrCreate(folder: string): Promise<SealCertificate> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const certificatePath = path.join(folder, certificateFile);
  const privateKeyPath = path.join(folder, privateKeyFile);
  const [certificatePem, privateKeyPem] = await Promise.all([
    readIfPresent(certificatePath),
    readIfPresent(privateKeyPath),
  ]);
  if (certificatePem === null && privateKeyPem === null) return createAndStore(certificatePath, privateKeyPath);
  const stored = certificatePem !== null && privateKeyPem !== null ? readPair(certificatePem, privateKeyPem) : null;
  if (stored) return stored;
  if (certificatePem !== null) await setAside(certificatePath);
  if (privateKeyPem !== null) await setAside(privateKeyPath);
  return createAndStore(certificatePath, privateKeyPath);
}

/** The file's text, null when it does not exist; one that cannot be read counts as damaged (empty). */
async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, "latin1");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? null : "";
  }
}

/** The stored pair, or null when either is unreadable, they do not belong together, or the certificate has expired. */
function readPair(certificatePem: string, privateKeyPem: string): SealCertificate | null {
  let certificate: X509Certificate;
  let privateKey: KeyObject;
  try {
    certificate = new X509Certificate(certificatePem);
    privateKey = createPrivateKey(privateKeyPem);
  } catch {
    return null;
  }
  const sound =
    privateKey.asymmetricKeyType === "rsa" &&
    certificate.checkPrivateKey(privateKey) &&
    certificate.verify(certificate.publicKey) &&
    certificate.validToDate.getTime() > Date.now();
  if (!sound) return null;
  const certificateDer = new Uint8Array(certificate.raw);
  return {
    certificateDer,
    privateKey,
    fingerprintSha256: fingerprint(certificateDer),
    subjectName: certificate.subject.split("\n").reverse().join(", "),
  };
}

async function createAndStore(certificatePath: string, privateKeyPath: string): Promise<SealCertificate> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const certificateDer = selfSignedCertificate(publicKey, privateKey, new Date());
  const certificatePem = pem("CERTIFICATE", certificateDer);
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  // The key goes first: a crash between the two writes leaves a mismatched pair, which the next start replaces.
  await writeFileAtomic(privateKeyPath, privateKeyPem);
  await writeFileAtomic(certificatePath, certificatePem);
  const made = readPair(certificatePem, privateKeyPem);
  if (!made) throw new Error("The new seal certificate does not verify against its own key.");
  return made;
}

function selfSignedCertificate(publicKey: KeyObject, privateKey: KeyObject, now: Date): Uint8Array {
  const subjectPublicKeyInfo = AsnConvert.parse(
    publicKey.export({ type: "spki", format: "der" }),
    SubjectPublicKeyInfo,
  );
  // RFC 7093 method 1: the leftmost 160 bits of the SHA-256 of the public key's bits.
  const keyId = createHash("sha256")
    .update(new Uint8Array(subjectPublicKeyInfo.subjectPublicKey))
    .digest()
    .subarray(0, 20);
  const name = new Name(
    subjectAttributes.map(
      ([type, value]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) }),
        ]),
    ),
  );
  // An hour's margin, so that a signature made right away is not dated before the certificate.
  const notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + validityYears);
  const serialNumber = randomBytes(16);
  // Positive and without a leading zero byte, as DER wants the INTEGER.
  serialNumber[0] = ((serialNumber[0] ?? 0) & 0x7f) | 0x40;
  const algorithm = new AlgorithmIdentifier({ algorithm: sha256WithRsaEncryption, parameters: null });
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: arrayBuffer(serialNumber),
    signature: algorithm,
    issuer: name,
    validity: new Validity({ notBefore, notAfter }),
    subject: name,
    subjectPublicKeyInfo,
    extensions: new Extensions([
      extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: false })),
      extension(id_ce_keyUsage, true, new KeyUsage(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation)),
      extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId)),
      extension(
        id_ce_authorityKeyIdentifier,
        false,
        new AuthorityKeyIdentifier({ keyIdentifier: new KeyIdentifier(keyId) }),
      ),
    ]),
  });
  const signatureValue = sign("sha256", new Uint8Array(AsnConvert.serialize(tbsCertificate)), privateKey);
  const certificate = new Certificate({
    tbsCertificate,
    signatureAlgorithm: algorithm,
    signatureValue: arrayBuffer(signatureValue),
  });
  return new Uint8Array(AsnConvert.serialize(certificate));
}

function extension(extnID: string, critical: boolean, value: object): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
}

function pem(label: string, der: Uint8Array): string {
  const lines =
    Buffer.from(der)
      .toString("base64")
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

function fingerprint(der: Uint8Array): string {
  const hex = createHash("sha256").update(der).digest("hex").toUpperCase();
  return (hex.match(/../g) ?? []).join(":");
}

function arrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}
