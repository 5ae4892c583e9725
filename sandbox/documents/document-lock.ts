import type { SandboxContext } from "../context";

const chains = new WeakMap<SandboxContext, Map<string, Promise<unknown>>>();

/**
 * Runs `work` for one document after any work already under way for it: a signature that completes a document
 * waits for its final PDF (off the thread), and a second answer or a release for the same document must not act
 * on what the first has not applied yet. Other documents are not held up.
 */
export function withDocumentLock<T>(context: SandboxContext, documentId: string, work: () => Promise<T>): Promise<T> {
  let byDocument = chains.get(context);
  if (byDocument === undefined) {
    byDocument = new Map();
    chains.set(context, byDocument);
  }
  const previous = byDocument.get(documentId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const settled = result.catch(() => undefined);
  byDocument.set(documentId, settled);
  void settled.then(() => {
    if (byDocument.get(documentId) === settled) byDocument.delete(documentId);
  });
  return result;
}
