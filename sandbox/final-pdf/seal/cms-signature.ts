import { createHash, sign } from "node:crypto";
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifier,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  id_contentType,
  id_data,
  id_messageDigest,
  id_signedData,
  SignatureAlgorithmIdentifier,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from "@peculiar/asn1-cms";
import {
  AsnArray,
  AsnConvert,
  AsnObjectIdentifierConverter,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import type { SealCertificate } from "./sandbox-certificate";
import { ESSCertIDv2, id_aa_signingCertificateV2, SigningCertificateV2 } from "./signing-certificate-v2";

/**
 * An upper bound for the DER that createPadesSignature returns (about 1.5 KB with an RSA-2048 certificate), for the
 * /Contents placeholder the PDF writer reserves: 2 hex digits a byte.
 */
export const padesSignatureMaxBytes = 8192;

const id_sha256 = "2.16.840.1.101.3.4.2.1";
const sha256WithRsaEncryption = "1.2.840.113549.1.1.11";
const ecdsaWithSha256 = "1.2.840.10045.4.3.2";

/** The signed attributes as the signature covers them: a SET OF (tag 0x31), not the [0] they are stored under. */
class AttributeSet extends AsnArray<Attribute> {}
AsnType({ type: AsnTypeTypes.Set, itemType: Attribute })(AttributeSet);

/**
 * A PAdES-B-B signature: the DER of a detached CMS SignedData over the content whose SHA-256 is
 * `signedContentDigest` (the PDF's ByteRange bytes). There is no signing-time attribute; PAdES puts the time in /M.
 */
export function createPadesSignature(signedContentDigest: Uint8Array, certificate: SealCertificate): Uint8Array {
  if (signedContentDigest.length !== 32) {
    throw new RangeError(`A SHA-256 digest has 32 bytes, not ${signedContentDigest.length}.`);
  }
  const signatureAlgorithm = signatureAlgorithmFor(certificate);
  const parsedCertificate = AsnConvert.parse(certificate.certificateDer, Certificate);
  const sha256 = new DigestAlgorithmIdentifier({ algorithm: id_sha256 });

  const signedAttrs = derSorted([
    attribute(id_contentType, AsnObjectIdentifierConverter.toASN(id_data).toBER()),
    attribute(id_messageDigest, AsnConvert.serialize(new OctetString(signedContentDigest))),
    attribute(
      id_aa_signingCertificateV2,
      AsnConvert.serialize(
        new SigningCertificateV2({
          certs: [
            new ESSCertIDv2({
              certHash: new OctetString(createHash("sha256").update(certificate.certificateDer).digest()),
            }),
          ],
        }),
      ),
    ),
  ]);
  const signature = sign(
    "sha256",
    new Uint8Array(AsnConvert.serialize(new AttributeSet(signedAttrs))),
    certificate.privateKey,
  );

  const signerInfo = new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: parsedCertificate.tbsCertificate.issuer,
        serialNumber: parsedCertificate.tbsCertificate.serialNumber,
      }),
    }),
    digestAlgorithm: sha256,
    signedAttrs,
    signatureAlgorithm,
    signature: new OctetString(signature),
  });
  const signedData = new SignedData({
    version: CMSVersion.v1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet([new CertificateChoices({ certificate: parsedCertificate })]),
    signerInfos: new SignerInfos([signerInfo]),
  });
  const der = new Uint8Array(
    AsnConvert.serialize(new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) })),
  );
  if (der.length > padesSignatureMaxBytes) {
    throw new Error(
      `The signature takes ${der.length} bytes, more than the ${padesSignatureMaxBytes} reserved for it.`,
    );
  }
  return der;
}

function signatureAlgorithmFor(certificate: SealCertificate): SignatureAlgorithmIdentifier {
  const keyType = certificate.privateKey.asymmetricKeyType;
  // RFC 4055: sha256WithRSAEncryption carries NULL parameters; RFC 5758: ECDSA ones carry none.
  if (keyType === "rsa")
    return new SignatureAlgorithmIdentifier({ algorithm: sha256WithRsaEncryption, parameters: null });
  if (keyType === "ec") return new SignatureAlgorithmIdentifier({ algorithm: ecdsaWithSha256 });
  throw new Error(`A seal cannot be made with a ${keyType ?? "secret"} key.`);
}

function attribute(attrType: string, value: ArrayBuffer): Attribute {
  return new Attribute({ attrType, attrValues: [value] });
}

/**
 * DER orders a SET OF by its elements' encodings. asn1-schema keeps the given order, and verifiers such as OpenSSL
 * re-encode the attributes before checking the signature, so an unsorted set would not verify.
 */
function derSorted(attributes: Attribute[]): Attribute[] {
  return attributes
    .map((item) => ({ item, der: Buffer.from(AsnConvert.serialize(item)) }))
    .sort((left, right) => Buffer.compare(left.der, right.der))
    .map(({ item }) => item);
}
