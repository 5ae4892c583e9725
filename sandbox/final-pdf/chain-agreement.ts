import { type PDFDocument, type PDFObject, PDFObjectParser, PDFRawStream, PDFRef } from "pdf-lib";
import { serialise } from "./incremental-update";
import type { XrefChain } from "./xref-chain";

/**
 * pdf-lib reads a file's objects in file order and keeps the last definition of each number, whatever the
 * cross-reference data says; every reader follows the cross-reference data. A file can define an object twice so
 * that the two disagree (a page whose content says one thing to viewers and another to pdf-lib), and the final
 * PDF would then carry pdf-lib's version of each page it stamps: a document other than the one the signers saw.
 * Each object the chain names at an offset is therefore read again there and compared; a disagreement refuses the
 * file. (Objects in object streams are read by pdf-lib from the streams the chain names, in the usual case.)
 */
export function checkAgreesWithChain(doc: PDFDocument, bytes: Uint8Array, text: string, chain: XrefChain): void {
  if (!chain.intact) return;
  const header = /\s*(\d+)\s+(\d+)\s+obj\b/y;
  for (const [number, entry] of chain.entries) {
    if (entry.type !== "offset") continue;
    const loaded = doc.context.lookup(PDFRef.of(number, entry.generation));
    if (loaded === undefined) continue;
    header.lastIndex = entry.offset;
    if (header.exec(text) === null) continue;
    let named: PDFObject;
    try {
      named = PDFObjectParser.forBytes(bytes.subarray(header.lastIndex), doc.context).parseObject();
    } catch {
      continue;
    }
    if (!sameObject(loaded, named)) {
      throw new Error(
        `object ${number} is defined more than once, and the definition readers use is not the last one in the file`,
      );
    }
  }
  const root = doc.context.trailerInfo.Root;
  if (chain.root !== null && root instanceof PDFRef && root.objectNumber !== chain.root) {
    throw new Error("the file names two different document catalogs");
  }
}

function sameObject(a: PDFObject, b: PDFObject): boolean {
  if (a instanceof PDFRawStream || b instanceof PDFRawStream) {
    return (
      a instanceof PDFRawStream &&
      b instanceof PDFRawStream &&
      Buffer.compare(serialise(a.dict), serialise(b.dict)) === 0 &&
      Buffer.compare(a.contents, b.contents) === 0
    );
  }
  return Buffer.compare(serialise(a), serialise(b)) === 0;
}
