import { inflateSync, constants as zlib } from "node:zlib";
import { decodePDFRawStream, PDFArray, PDFName, type PDFPage, PDFRawStream, PDFRef, PDFStream } from "pdf-lib";
import { type GraphicsStateBalance, graphicsStateBalance } from "./content-balance";

/** The page's content streams as stored: /Contents is one stream or an array of them. */
export function contentStreams(page: PDFPage): PDFStream[] {
  const { context } = page.doc;
  const contents = context.lookup(page.node.get(PDFName.of("Contents")));
  const items = contents instanceof PDFArray ? contents.asArray().map((item) => context.lookup(item)) : [contents];
  return items.filter((item): item is PDFStream => item instanceof PDFStream);
}

function decode(stream: PDFStream): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  if (filter === undefined) return stream.contents;
  if (filter === PDFName.of("FlateDecode") && stream.dict.get(PDFName.of("DecodeParms")) === undefined) {
    // Tolerant of a missing last byte: pdf-lib drops a final 0x0D of a stream whose /Length is indirect.
    // Bounded: a few kilobytes can inflate to gigabytes; content beyond this is left unread (balance unknown).
    return inflateSync(stream.contents, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: 64 * 1024 * 1024 });
  }
  return decodePDFRawStream(stream).decode();
}

/** The balance of the page's whole content (its streams are one sequence), or null when it cannot be decoded. */
function pageContentBalance(page: PDFPage): GraphicsStateBalance | null {
  try {
    const parts = contentStreams(page).map(decode);
    const whole = Buffer.concat(parts.flatMap((part) => [part, Buffer.from("\n")]));
    return graphicsStateBalance(whole);
  } catch {
    return null;
  }
}

/**
 * Wraps the page's content so that whatever is drawn after it starts from the page's own graphics state: enough
 * `q` before it that its extra `Q` find a state to restore, and after it as many `Q` as it left saved. pdf-lib then
 * encloses all of that in its own `q … Q` when the first stamp is drawn. Content that cannot be decoded is left
 * to that enclosure alone.
 */
export function isolatePageContent(page: PDFPage): void {
  const balance = pageContentBalance(page);
  if (balance === null || (balance.deficit === 0 && balance.net === 0)) return;
  const { context } = page.doc;
  const raw = page.node.get(PDFName.of("Contents"));
  const looked = context.lookup(raw);
  const refs = looked instanceof PDFArray ? looked.asArray() : [raw];
  const saves = balance.deficit + 1;
  const restores = saves + balance.net;
  const before = context.register(context.flateStream("q\n".repeat(saves)));
  const after = context.register(context.flateStream("\nQ".repeat(restores)));
  const wrapped = context.obj([before, ...refs.filter((ref) => ref instanceof PDFRef), after]);
  page.node.set(PDFName.of("Contents"), wrapped);
}
