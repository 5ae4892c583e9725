// pdf.js's minified legacy build, which main loads (the packaged app ships it alone): the same API as its
// unminified build, whose types pdfjs-dist ships.
declare module "pdfjs-dist/legacy/build/pdf.min.mjs" {
  export * from "pdfjs-dist/legacy/build/pdf.mjs";
}
