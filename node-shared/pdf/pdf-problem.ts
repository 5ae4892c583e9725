import { UserError } from "../../common/user-error";

/** A file that cannot serve as a document, with a message that says why (shown to the user as is). */
export class PdfProblem extends UserError {
  constructor(message: string, options?: ErrorOptions) {
    super("unreadable_file", message, options);
    this.name = "PdfProblem";
  }
}
