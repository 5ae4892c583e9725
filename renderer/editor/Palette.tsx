import { type FieldType, fieldBoxSizes, fieldTypes } from "../../common/fields";

interface PaletteProps {
  placing: FieldType | null;
  onChoose: (type: FieldType | null) => void;
  /** Keyboard placement: the type goes onto the page in view, near its top-left, in the active group. */
  onPlaceNow: (type: FieldType) => void;
}

export const fieldTypeDragFormat = "application/x-signdesk-field-type";

/** Field types: drag one onto a page, or choose one and click the page (Enter places it at once). */
export function Palette({ placing, onChoose, onPlaceNow }: PaletteProps) {
  return (
    <section className="panel" aria-labelledby="palette-title">
      <h2 id="palette-title">Fields</h2>
      <p className="panel-hint">Drag onto a page, or choose and click. Enter adds to the page in view.</p>
      <ul className="palette">
        {fieldTypes.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="palette-item"
              draggable
              aria-pressed={placing === type}
              aria-label={`${type} (${fieldBoxSizes[type].width}×${fieldBoxSizes[type].height} pt)`}
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
              {type}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
