import type { IntlShape } from "react-intl";
import type { FieldType } from "../../common/fields";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  fieldType: {
    id: "editor.fieldType.name",
    defaultMessage:
      "{type, select, Signature {Signature} Initials {Initials} Text {Text} Date {Date} Checkbox {Checkbox} Name {Name} Email {Email} other {{type}}}",
    description:
      "A kind of field placed on a page for a recipient to fill in: the palette's buttons, the inspector's Type list, " +
      "the label drawn in the field's box. Name: the recipient's name; Email: their e-mail address.",
  },
});

/** The name people read for a field type (the type key itself is the API's and never changes). */
export function fieldTypeName(intl: IntlShape, type: FieldType): string {
  return intl.formatMessage(messages.fieldType, { type });
}
