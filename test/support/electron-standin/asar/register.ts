/**
 * The Electron stand-in's asar layer, loaded with `node --import` (bin/electron; worker threads inherit it): Node
 * reads app.asar as Electron does (docs/tutorial/asar-archives.md). `fs` and `fs/promises` treat archives as
 * read-only folders (fs-layer.ts); `import`, `require` and worker start-up find modules in them, and native modules
 * load from app.asar.unpacked (module-hooks.ts, resolve.ts); workers started from an archive are told
 * (worker-start.ts). Not Electron's implementation: written from its
 * documented behaviour and lib/node/asar-fs-wrapper.ts.
 */
import { installFsLayer } from "./fs-layer.ts";
import { installModuleHooks } from "./module-hooks.ts";
import { traceArchiveWorkers } from "./worker-start.ts";

installFsLayer();
installModuleHooks();
traceArchiveWorkers();
