import { describe, expect, it } from "vitest";
import { documentOptions } from "../../renderer/pdf/document-options";

/**
 * pdf.js picks where CMaps, fonts and wasm are fetched by the folders' scheme when useWorkerFetch is unset (its
 * isValidFetchUrl: http and https only), which would send app://signdesk/ and the Electron stand-in's https origin
 * down different paths. Set explicitly, both fetch in the worker, the only path that loads pdf.js's wasm decoders
 * (test/e2e/pdf-pages.test.ts sees the wasm and ICC data fetched).
 */
describe("pdf.js's document options", () => {
  it.each(["app://signdesk/pdfjs", "https://signdesk.app.electron-standin.invalid/pdfjs"])(
    "fetch pdf.js's data in its worker under %s",
    (base) => {
      expect(documentOptions((folder) => `${base}/${folder}/`).useWorkerFetch).toBe(true);
    },
  );
});
