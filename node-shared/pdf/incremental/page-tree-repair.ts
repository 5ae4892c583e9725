import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFRef } from "pdf-lib";

/**
 * Points every node of the page tree back at the node whose /Kids lists it, as readers that repair files do
 * (pdf.js follows /Kids and never trusts /Parent): real files carry pages whose /Parent names the catalog or a
 * node that does not list them, and pdf-lib follows /Parent to inherit a page's boxes and resources. A node the
 * repair changes is written in the update like any other change.
 */
export function repairPageTreeParents(doc: PDFDocument): void {
  const { context } = doc;
  const root = doc.catalog.get(PDFName.of("Pages"));
  if (!(root instanceof PDFRef)) return;
  const seen = new Set<PDFRef>([root]);
  const pending: PDFRef[] = [root];
  while (pending.length > 0) {
    const parent = pending.pop() as PDFRef;
    const kids = context.lookupMaybe(parent, PDFDict)?.lookupMaybe(PDFName.of("Kids"), PDFArray);
    if (kids === undefined) continue;
    for (const kid of kids.asArray()) {
      if (!(kid instanceof PDFRef) || seen.has(kid)) continue;
      seen.add(kid);
      const node = context.lookupMaybe(kid, PDFDict);
      if (node === undefined) continue;
      if (node.get(PDFName.of("Parent")) !== parent) node.set(PDFName.of("Parent"), parent);
      pending.push(kid);
    }
  }
}
