import type { Phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";

/**
 * A file that cannot serve as a document, with words that say why: a phrase shown in the window's language (text
 * only for the sandbox, whose words are English).
 */
export class PdfProblem extends UserError {
  constructor(words: Phrase | string, options?: ErrorOptions) {
    super("unreadable_file", words, options);
    this.name = "PdfProblem";
  }
}
