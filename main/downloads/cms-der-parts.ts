/**
 * Parts of a CMS SignedData exactly as they are stored. asn1-schema hands back re-encodings (and, for a SignerInfo's
 * signed attributes, no raw bytes at all), but a certificate's fingerprint and a signature are over the stored bytes.
 */
export interface StoredSignedDataParts {
  certificates: Uint8Array[];
  /** The first SignerInfo's signed attributes, from their [0] tag on; null when it has none. */
  signedAttributes: Uint8Array | null;
}

/** Null when `der` is not a definite-length encoding of a ContentInfo holding a SignedData. */
export function storedSignedDataParts(der: Uint8Array): StoredSignedDataParts | null {
  const explicit = derChildren(der, 0x30)?.[1];
  const signedData = explicit?.tag === 0xa0 ? derChildren(explicit.content, 0x30) : null;
  // version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos
  const signerInfos = signedData?.at(-1);
  if (!signedData || signedData.length < 4 || signerInfos?.tag !== 0x31) return null;
  const certificates = signedData[3]?.tag === 0xa0 ? derChildren(signedData[3].content, null) : [];
  const firstSigner = derChildren(signerInfos.content, null)?.[0];
  const signerFields = firstSigner ? derChildren(firstSigner.whole, 0x30) : null;
  if (!certificates || !signerFields) return null;
  // version, sid, digestAlgorithm, [0] signedAttrs?
  const signedAttributes = signerFields[3]?.tag === 0xa0 ? signerFields[3].whole : null;
  return { certificates: certificates.filter((item) => item.tag === 0x30).map((item) => item.whole), signedAttributes };
}

interface DerElement {
  tag: number;
  whole: Uint8Array;
  content: Uint8Array;
}

/**
 * The elements inside the one element `bytes` holds (tagged `tag`), or when `tag` is null, the run of elements
 * `bytes` is. Null unless every length is definite and fits.
 */
function derChildren(bytes: Uint8Array, tag: number | null): DerElement[] | null {
  let run = bytes;
  if (tag !== null) {
    const outer = derElement(bytes, 0);
    if (!outer || outer.tag !== tag || outer.whole.length !== bytes.length) return null;
    run = outer.content;
  }
  const children: DerElement[] = [];
  for (let at = 0; at < run.length; ) {
    const child = derElement(run, at);
    if (!child) return null;
    children.push(child);
    at += child.whole.length;
  }
  return children;
}

function derElement(bytes: Uint8Array, at: number): DerElement | null {
  const head = derHeader(bytes, at);
  if (!head || at + head.header + head.length > bytes.length) return null;
  const end = at + head.header + head.length;
  return { tag: head.tag, whole: bytes.subarray(at, end), content: bytes.subarray(at + head.header, end) };
}

/** The tag and definite length of the element at `at` (which may run past the end); null for other forms. */
export function derHeader(bytes: Uint8Array, at: number): { tag: number; header: number; length: number } | null {
  const tag = bytes[at];
  const first = bytes[at + 1];
  if (tag === undefined || first === undefined || (tag & 0x1f) === 0x1f) return null;
  if (first < 0x80) return { tag, header: 2, length: first };
  const count = first & 0x7f;
  if (count === 0 || count > 4 || at + 2 + count > bytes.length) return null;
  let length = 0;
  for (let index = 0; index < count; index++) length = length * 256 + (bytes[at + 2 + index] ?? 0);
  return { tag, header: 2 + count, length };
}
