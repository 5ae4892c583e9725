import { AsnProp, AsnPropTypes, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, PolicyInformation } from "@peculiar/asn1-x509";

/*
 * RFC 5035's signing-certificate-v2 attribute, written out here because none of the installed @peculiar packages
 * declares it (asn1-cms covers RFC 5652 only). The asn1-schema decorators are applied as plain calls: they are
 * legacy (experimentalDecorators) decorators, and this project compiles with standard ones.
 */

export const id_aa_signingCertificateV2 = "1.2.840.113549.1.9.16.2.47";

/** ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha-256, certHash OCTET STRING, issuerSerial OPTIONAL } */
export class ESSCertIDv2 {
  /** Absent means SHA-256, the DEFAULT (DER leaves a default value out). */
  hashAlgorithm?: AlgorithmIdentifier;
  certHash = new OctetString();
  /** IssuerSerial, kept as its raw encoding: the seal leaves it out, as ETSI EN 319 122-1 recommends. */
  issuerSerial?: ArrayBuffer;

  constructor(params: Partial<ESSCertIDv2> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: AlgorithmIdentifier, optional: true })(ESSCertIDv2.prototype, "hashAlgorithm");
AsnProp({ type: OctetString })(ESSCertIDv2.prototype, "certHash");
AsnProp({ type: AsnPropTypes.Any, optional: true })(ESSCertIDv2.prototype, "issuerSerial");

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, policies SEQUENCE OF PolicyInformation OPTIONAL } */
export class SigningCertificateV2 {
  certs: ESSCertIDv2[] = [];
  policies?: PolicyInformation[];

  constructor(params: Partial<SigningCertificateV2> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: ESSCertIDv2, repeated: "sequence" })(SigningCertificateV2.prototype, "certs");
AsnProp({ type: PolicyInformation, repeated: "sequence", optional: true })(SigningCertificateV2.prototype, "policies");
