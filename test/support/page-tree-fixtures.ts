import { type PDFArray, PDFDocument, PDFName, PDFNumber, type PDFRef } from "pdf-lib";

/** A PDF whose page tree is one flat /Kids array of `count` blank pages, as many producers write it. */
export async function flatPagesPdf(count: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let page = 0; page < count; page += 1) document.addPage([612, 792]);
  return document.save({ useObjectStreams: false });
}

/** `pdf` with the first page's MediaBox width replaced by a 400-digit number (pdf.js reads it as Infinity). */
export function withEndlessPageWidth(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString("latin1");
  const changed = text.replace("/MediaBox [ 0 0 612 792 ]", `/MediaBox [ 0 0 ${"9".repeat(400)} 792 ]`);
  if (changed === text) throw new Error("no MediaBox to change");
  return Buffer.from(changed, "latin1");
}

/**
 * Pages that exercise every rule of a page's geometry: a nested tree with boxes and rotation inherited from
 * intermediate nodes, odd rotations, reversed and partly outside crop boxes, invalid boxes.
 */
export async function awkwardPageTreePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const { context } = document;
  const numbers = (values: number[]) => context.obj(values);
  const leaf = (parent: PDFRef, entries: Record<string, unknown>) =>
    context.register(context.obj({ Type: "Page", Parent: parent, ...entries } as never));
  const rootRef = document.catalog.get(PDFName.of("Pages")) as PDFRef;
  const root = context.lookup(rootRef) as never as { set(key: PDFName, value: unknown): void };
  const middleRef = context.nextRef();
  const kidsOfMiddle = [
    leaf(middleRef, {}),
    leaf(middleRef, { Rotate: 90 }),
    leaf(middleRef, { CropBox: numbers([500, 700, 100, 50]) }),
    leaf(middleRef, { CropBox: numbers([-100, -100, 300, 300]) }),
  ];
  context.assign(
    middleRef,
    context.obj({
      Type: "Pages",
      Parent: rootRef,
      Kids: kidsOfMiddle,
      Count: kidsOfMiddle.length,
      MediaBox: numbers([0, 0, 400, 500]),
      Rotate: 180,
    } as never),
  );
  const topKids = [
    leaf(rootRef, { MediaBox: numbers([0, 0, 595.276, 841.89]) }),
    middleRef,
    leaf(rootRef, { MediaBox: numbers([10, 20, 310]) }),
    leaf(rootRef, { MediaBox: numbers([0, 0, 612, 792]), Rotate: -90 }),
    leaf(rootRef, { MediaBox: numbers([0, 0, 612, 792]), Rotate: 450 }),
    leaf(rootRef, { MediaBox: numbers([0, 0, 612, 792]), Rotate: 45 }),
    leaf(rootRef, { MediaBox: numbers([0, 0, 612, 792]), CropBox: numbers([700, 800, 900, 900]) }),
    leaf(rootRef, { MediaBox: numbers([612, 792, 0, 0]), CropBox: numbers([0, 0, 0, 0]) }),
  ];
  root.set(PDFName.of("Kids"), context.obj(topKids) as PDFArray);
  root.set(PDFName.of("Count"), PDFNumber.of(topKids.length - 1 + kidsOfMiddle.length));
  root.set(PDFName.of("MediaBox"), numbers([0, 0, 300, 300]));
  return document.save({ useObjectStreams: false, addDefaultPage: false });
}
