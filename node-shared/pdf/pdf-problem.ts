/** A file that cannot serve as a document, with a message that says why (shown to the user as is). */
export class PdfProblem extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "PdfProblem";
  }
}
