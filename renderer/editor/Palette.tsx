import { useIntl } from "react-intl";
import { type FieldType, fieldBoxSizes, fieldTypes } from "../../common/fields";
import { defineMessages } from "../../common/i18n/define-messages";
import { fieldTypeName } from "./field-type-names";

const messages = defineMessages({
  title: { id: "editor.palette.title", defaultMessage: "Fields", description: "The panel of field types to place." },
  hint: {
    id: "editor.palette.hint",
    defaultMessage: "Drag onto a page, or choose and click. Enter adds to the page in view.",
  },
  item: {
    id: "editor.palette.item",
    defaultMessage: "{type} ({width, number}×{height, number} pt)",
    description: "A field type's button, for assistive technology: its name and its box's size in points.",
  },
});

interface PaletteProps {
  placing: FieldType | null;
  onChoose: (type: FieldType | null) => void;
  /** Keyboard placement: the type goes onto the page in view, near its top-left, in the active group. */
  onPlaceNow: (type: FieldType) => void;
}

export const fieldTypeDragFormat = "application/x-signdesk-field-type";

/** Field types: drag one onto a page, or choose one and click the page (Enter places it at once). */
export function Palette({ placing, onChoose, onPlaceNow }: PaletteProps) {
  const intl = useIntl();
  return (
    <section className="panel" aria-labelledby="palette-title">
      <h2 id="palette-title">{intl.formatMessage(messages.title)}</h2>
      <p className="panel-hint">{intl.formatMessage(messages.hint)}</p>
      <ul className="palette">
        {fieldTypes.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="palette-item"
              draggable
              aria-pressed={placing === type}
              aria-label={intl.formatMessage(messages.item, {
                type: fieldTypeName(intl, type),
                width: fieldBoxSizes[type].width,
                height: fieldBoxSizes[type].height,
              })}
              onDragStart={(event) => {
                event.dataTransfer.setData(fieldTypeDragFormat, type);
                event.dataTransfer.effectAllowed = "copy";
              }}
              onClick={(event) => {
                // A click from the keyboard (Enter/Space) places at once; a mouse click arms placing.
                if (event.detail === 0) onPlaceNow(type);
                else onChoose(placing === type ? null : type);
              }}
            >
              {fieldTypeName(intl, type)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
