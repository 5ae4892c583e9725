/**
 * `import`, `require` and `require.resolve` of modules in an archive (resolve.ts finds them; their source is read
 * from the archive), through Node's synchronous module hooks, which worker threads started with the same
 * `--import` install again.
 */
import { registerHooks } from "node:module";
import { locate } from "./archive.ts";
import { formatInArchive, resolveInArchive } from "./resolve.ts";

export function installModuleHooks(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith("node:") || specifier === "electron") return nextResolve(specifier, context);
      const url = resolveInArchive(specifier, context.parentURL, context.conditions);
      if (url !== null) return { url, format: undefined, shortCircuit: true };
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      const at = url.startsWith("file:") ? locate(new URL(url)) : null;
      if (at === null) return nextLoad(url, context);
      const entry = at.archive.entry(at.inner);
      if (entry?.kind !== "file") return nextLoad(url, context);
      return { format: formatInArchive(at), source: at.archive.read(at.inner), shortCircuit: true };
    },
  });
}
