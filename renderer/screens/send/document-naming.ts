import { defaultDocumentName, defaultEmailSubject } from "../../../common/document-naming";
import type { MessageFormatter } from "../../../common/i18n/render-phrase";

/** What the person typed in the Send screen's name and subject boxes; null: the box follows its default. */
export interface NamingEdits {
  name: string | null;
  subject: string | null;
}

export const followDefaults: NamingEdits = { name: null, subject: null };

export interface Naming {
  /** The document's name: as typed, else the template's and the first recipient's, as they are typed. */
  name: string;
  /** The e-mail subject: as typed (possibly blank), else the default one for `name`. */
  subject: string;
  /** The subject a blank box stands for. */
  defaultSubject: string;
}

export function namingOf(
  edits: NamingEdits,
  templateName: string,
  firstRecipientName: string,
  intl?: MessageFormatter,
): Naming {
  const name = edits.name ?? defaultDocumentName(templateName, firstRecipientName, intl);
  const defaultSubject = defaultEmailSubject(name, intl);
  return { name, subject: edits.subject ?? defaultSubject, defaultSubject };
}

/**
 * The edits kept when another template is chosen: a box whose text is what its default is now follows the new
 * template's default; one the person changed keeps their text.
 */
export function editsForNewTemplate(edits: NamingEdits, current: Naming, defaultName: string): NamingEdits {
  return {
    name: edits.name === defaultName ? null : edits.name,
    subject: edits.subject === current.defaultSubject ? null : edits.subject,
  };
}
