/**
 * A full garbage collection on the tests' request: bin/electron runs Node with --expose-gc (Electron's main has no
 * global `gc`; the app never uses it, and V8 makes it non-configurable, so it stays visible).
 */
export async function collectGarbage(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("The stand-in was started without --expose-gc (see bin/electron).");
  // A WeakRef read in this task keeps its target until the task ends: collect in a later one.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}
