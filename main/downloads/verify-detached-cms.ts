import { createHash, type Hash, verify, X509Certificate } from "node:crypto";
import {
  Attribute,
  ContentInfo,
  id_messageDigest,
  id_signedData,
  SignedData,
  type SignerIdentifier,
} from "@peculiar/asn1-cms";
import { AsnArray, AsnConvert, AsnType, AsnTypeTypes, OctetString } from "@peculiar/asn1-schema";
import { Certificate, id_ce_subjectKeyIdentifier, SubjectKeyIdentifier } from "@peculiar/asn1-x509";
import { storedSignedDataParts } from "./cms-der-parts";

export interface DetachedCmsCheck {
  /** The signed content hashes to the message-digest attribute. */
  digestMatches: boolean;
  /** The signed attributes verify with the public key of the certificate the signer names (trust is not judged). */
  signatureValid: boolean;
  /** The signer certificate's common name (or whole subject when it has none). */
  signerName: string | null;
  /** SHA-256 of the signer certificate's DER: uppercase hex pairs joined by ':'. */
  certificateFingerprintSha256: string | null;
  /** Why the signature could not be checked or does not hold; null when it does. */
  problem: string | null;
}

const digestNames: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
/** Signature algorithms by OID: the hash they name, or null when it is the SignerInfo's digest algorithm. */
const signatureHashes: Record<string, string | null> = {
  "1.2.840.113549.1.1.1": null,
  "1.2.840.113549.1.1.5": "sha1",
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.1": "sha1",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};

/** The signed attributes re-encoded as the signature covers them, for a BER CMS whose own bytes cannot be found. */
class AttributeSet extends AsnArray<Attribute> {}
// A call, not a decorator: asn1-schema's are legacy decorators and this project compiles with standard ones.
AsnType({ type: AsnTypeTypes.Set, itemType: Attribute })(AttributeSet);

/**
 * Checks a detached CMS SignedData (its first signer) against the content it signs, which `hashContent` feeds to a
 * hash. Throws on bytes that are not CMS; the caller turns that into a problem.
 */
export function verifyDetachedCms(cms: Uint8Array, hashContent: (hash: Hash) => void): DetachedCmsCheck {
  const check: DetachedCmsCheck = {
    digestMatches: false,
    signatureValid: false,
    signerName: null,
    certificateFingerprintSha256: null,
    problem: null,
  };
  const contentInfo = AsnConvert.parse(cms, ContentInfo);
  if (contentInfo.contentType !== id_signedData) return { ...check, problem: "The signature is not a CMS SignedData." };
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return { ...check, problem: "The signature has no signer." };
  const stored = storedSignedDataParts(cms);
  const certificates =
    stored?.certificates ??
    (signedData.certificates ?? []).flatMap((choice) =>
      choice.certificate ? [new Uint8Array(AsnConvert.serialize(choice.certificate))] : [],
    );
  const certificateDer = certificates.find((candidate) =>
    identifies(signerInfo.sid, AsnConvert.parse(candidate, Certificate)),
  );
  const certificate = certificateDer ? readCertificate(certificateDer) : null;
  let checked: DetachedCmsCheck = {
    ...check,
    signerName: certificate ? commonName(certificate) : null,
    certificateFingerprintSha256: certificateDer ? fingerprint(certificateDer) : null,
  };

  const digestName = digestNames[signerInfo.digestAlgorithm.algorithm];
  if (!digestName) {
    return { ...checked, problem: `Unsupported digest algorithm ${signerInfo.digestAlgorithm.algorithm}.` };
  }
  if (signedData.encapContentInfo.eContent) return { ...checked, problem: "The signature is not detached." };
  const messageDigest = signerInfo.signedAttrs?.find((item) => item.attrType === id_messageDigest)?.attrValues[0];
  if (!messageDigest) return { ...checked, problem: "The signature has no message-digest attribute." };
  const hash = createHash(digestName);
  hashContent(hash);
  const expected = new Uint8Array(AsnConvert.parse(messageDigest, OctetString).buffer);
  checked = { ...checked, digestMatches: hash.digest().equals(expected) };

  if (!certificateDer) return { ...checked, problem: "The signature does not include its signer's certificate." };
  if (!certificate) return { ...checked, problem: "The signer's certificate cannot be read." };
  const algorithm = signerInfo.signatureAlgorithm.algorithm;
  const signatureHash = signatureHashes[algorithm];
  if (signatureHash === undefined) return { ...checked, problem: `Unsupported signature algorithm ${algorithm}.` };
  // The signature covers the attributes' own encoding with the SET OF tag in place of their [0] IMPLICIT one.
  const signedAttributes = stored
    ? stored.signedAttributes && new Uint8Array(stored.signedAttributes)
    : signerInfo.signedAttrs && new Uint8Array(AsnConvert.serialize(new AttributeSet(signerInfo.signedAttrs)));
  if (!signedAttributes) return { ...checked, problem: "The signature has no signed attributes." };
  signedAttributes[0] = 0x31;
  const signature = new Uint8Array(signerInfo.signature.buffer);
  checked = {
    ...checked,
    signatureValid: verify(signatureHash ?? digestName, signedAttributes, certificate.publicKey, signature),
  };
  if (!checked.digestMatches) return { ...checked, problem: "The signed bytes were changed after signing." };
  if (!checked.signatureValid) return { ...checked, problem: "The signature does not verify with its certificate." };
  return checked;
}

function identifies(sid: SignerIdentifier, certificate: Certificate): boolean {
  const tbs = certificate.tbsCertificate;
  if (sid.issuerAndSerialNumber) {
    const wanted = sid.issuerAndSerialNumber;
    return (
      sameBytes(wanted.serialNumber, tbs.serialNumber) &&
      sameBytes(AsnConvert.serialize(wanted.issuer), AsnConvert.serialize(tbs.issuer))
    );
  }
  const keyId = sid.subjectKeyIdentifier;
  const extension = tbs.extensions?.find((item) => item.extnID === id_ce_subjectKeyIdentifier);
  if (!keyId || !extension) return false;
  return sameBytes(keyId.buffer, AsnConvert.parse(extension.extnValue, SubjectKeyIdentifier).buffer);
}

function readCertificate(der: Uint8Array): X509Certificate | null {
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

function commonName(certificate: X509Certificate): string {
  const lines = certificate.subject.split("\n");
  const cn = lines.find((line) => line.startsWith("CN="));
  return cn ? cn.slice(3) : lines.reverse().join(", ");
}

function fingerprint(der: Uint8Array): string {
  const hex = createHash("sha256").update(der).digest("hex").toUpperCase();
  return (hex.match(/../g) ?? []).join(":");
}

function sameBytes(left: ArrayBuffer, right: ArrayBuffer): boolean {
  return Buffer.from(left).equals(Buffer.from(right));
}
