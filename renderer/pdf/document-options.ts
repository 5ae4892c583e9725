/**
 * How Signdesk has pdf.js open a document (besides its bytes), shared with the pdf.js-alone baseline of
 * `npm run bench -- editor` so that the two always open files alike. `folder` answers the absolute URL of
 * one of the folders copied under /pdfjs/ (the worker resolves URLs against its own).
 */
export function documentOptions(folder: (name: "cmaps" | "standard_fonts" | "wasm" | "iccs") => string) {
  return {
    cMapUrl: folder("cmaps"),
    cMapPacked: true,
    standardFontDataUrl: folder("standard_fonts"),
    wasmUrl: folder("wasm"),
    iccUrl: folder("iccs"),
    // Non-embedded standard fonts are drawn from pdf.js's own font data, so a page looks the same on every OS.
    useSystemFonts: false,
    enableXfa: false,
    // Fetch CMaps, fonts and wasm in the worker, under every origin. Left unset, pdf.js decides by its own
    // isValidFetchUrl (http: and https: only): false under app://signdesk/, true under the Electron stand-in's https
    // origin, so tests would take a path the app never does. Only the worker's path loads the wasm decoders (qcms
    // for ICC colour, OpenJPEG, JBIG2): on the page's thread pdf.js fetches CMaps and fonts alone. app:// is
    // registered with supportFetchAPI (main/electron/app-protocol.ts), so the worker's fetch reaches it.
    useWorkerFetch: true,
  };
}
