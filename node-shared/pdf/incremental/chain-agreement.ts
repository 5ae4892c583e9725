import { type PDFDocument, type PDFObject, PDFRawStream, PDFRef } from "pdf-lib";
import { parseObjectAt } from "../load-original";
import type { OriginalPdf } from "../original-pdf";
import { objectHeaderAt, skipSpaces } from "../pdf-syntax";
import type { PdfText } from "../pdf-text";
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
export function checkAgreesWithChain(doc: PDFDocument, text: PdfText, chain: XrefChain): void {
  if (!chain.intact) return;
  const { original } = text;
  for (const [number, entry] of chain.entries) {
    if (entry.type !== "offset") continue;
    const loaded = doc.context.lookup(PDFRef.of(number, entry.generation));
    if (loaded === undefined) continue;
    const header = objectHeaderAt(text, skipSpaces(text, entry.offset));
    if (header === null) continue;
    let named: PDFObject;
    try {
      named = parseObjectAt(original, header.end, doc.context);
    } catch {
      continue;
    }
    if (!sameObject(original, loaded, named)) {
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

function sameObject(original: OriginalPdf, a: PDFObject, b: PDFObject): boolean {
  if (a instanceof PDFRawStream || b instanceof PDFRawStream) {
    return (
      a instanceof PDFRawStream &&
      b instanceof PDFRawStream &&
      Buffer.compare(serialise(a.dict), serialise(b.dict)) === 0 &&
      original.sameBytes(a.contents, b.contents)
    );
  }
  return Buffer.compare(serialise(a), serialise(b)) === 0;
}
