import { describe, expect, it } from "vitest";
import { documentOptions } from "../../renderer/pdf/document-options";

/**
 * pdf.js picks where CMaps, fonts and wasm are fetched by the folders' scheme when useWorkerFetch is unset (its
 * isValidFetchUrl: http and https only), which would send app://signdesk/ and the Electron stand-in's https origin
 * down different paths. Set explicitly, both take the page-thread path app:// takes.
 */
describe("pdf.js's document options", () => {
  it.each(["app://signdesk/pdfjs", "https://signdesk.app.electron-standin.invalid/pdfjs"])(
    "fetch pdf.js's data on the page's thread under %s",
    (base) => {
      expect(documentOptions((folder) => `${base}/${folder}/`).useWorkerFetch).toBe(false);
    },
  );
});
