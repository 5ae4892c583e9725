import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { DrawnField } from "./FieldShape";

const messages = defineMessages({
  unnamed: {
    id: "editor.fieldTag.unnamed",
    defaultMessage: "Recipient {number, number}",
    description: "Over a field, the recipient group it belongs to when the group has no label.",
  },
});

/** Height of a tag in CSS px, with the room between it and its field. */
const TAG_HEIGHT = 18;

/**
 * The recipient's name over each field that is selected or under the pointer (the box itself carries only
 * the recipient's number). Plain DOM over the Konva stage: it follows the theme, is readable at any zoom,
 * and costs the canvas nothing. The inspector says the same to assistive technology.
 */
export function FieldNameTags({
  fields,
  hovered,
  scale,
}: {
  fields: DrawnField[];
  hovered: string | null;
  scale: number;
}) {
  const intl = useIntl();
  const tagged = fields.filter((field) => field.selected || field.id === hovered);
  if (tagged.length === 0) return null;
  return (
    <div className="field-name-tags" aria-hidden="true">
      {tagged.map((field) => {
        const top = field.y * scale;
        // Above the box, or below it when the box is at the page's top edge.
        const y = top >= TAG_HEIGHT ? top - TAG_HEIGHT : top + field.height * scale + 2;
        return (
          <span
            key={field.id}
            className="field-name-tag"
            data-field-id={field.id}
            // `left`, not inset-inline-start: a position on the page, which is never mirrored.
            style={{ left: field.x * scale, top: y, borderColor: field.color }}
            dir="auto"
          >
            {field.groupLabel === ""
              ? intl.formatMessage(messages.unnamed, { number: field.groupNumber })
              : field.groupLabel}
          </span>
        );
      })}
    </div>
  );
}
