// Loaded with `node --import` by bin/electron: `electron`, imported or required by the app's main bundle, resolves to
// the stand-in's main-process module. The app's shipped code is not changed.
import { registerHooks } from "node:module";

const standinUrl = new URL("./main-process/electron.ts", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "electron" || specifier === "electron/main") return { url: standinUrl, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
