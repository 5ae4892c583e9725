import type { DraftField, DraftGroup } from "../../common/draft";
import { type FieldType, fieldTypes } from "../../common/fields";
import type { EditorAction } from "./state/editor-state";

interface InspectorProps {
  selected: DraftField[];
  groups: DraftGroup[];
  /** One per page: false while the page is still being read (nothing can be moved onto it yet). */
  pagesKnown: readonly boolean[];
  dispatch: (action: EditorAction) => void;
}

function NumberField({ label, value, onCommit }: { label: string; value: number; onCommit: (value: number) => void }) {
  return (
    <label className="inspector-field">
      <span>{label}</span>
      <input
        type="number"
        step="1"
        value={Math.round(value * 100) / 100}
        onChange={(event) => {
          const next = event.target.valueAsNumber;
          if (Number.isFinite(next)) onCommit(next);
        }}
      />
    </label>
  );
}

/** The selected field's exact position (points from the page's top-left), page, type and recipient. */
export function Inspector({ selected, groups, pagesKnown, dispatch }: InspectorProps) {
  const [field] = selected;
  return (
    <section className="panel" aria-labelledby="inspector-title">
      <h2 id="inspector-title">Selection</h2>
      {selected.length === 0 && <p className="panel-hint">Select a field to see and set its exact position.</p>}
      {selected.length > 1 && (
        <div className="inspector-multi">
          <p className="panel-hint">{selected.length} fields selected.</p>
          <fieldset className="button-grid">
            <legend className="visually-hidden">Align and distribute</legend>
            {(
              [
                ["left", "Align left"],
                ["centerX", "Align centres"],
                ["right", "Align right"],
                ["top", "Align tops"],
                ["centerY", "Align middles"],
                ["bottom", "Align bottoms"],
              ] as const
            ).map(([edge, label]) => (
              <button key={edge} type="button" onClick={() => dispatch({ type: "align", edge })}>
                {label}
              </button>
            ))}
            <button
              type="button"
              disabled={selected.length < 3}
              onClick={() => dispatch({ type: "distribute", axis: "horizontal" })}
            >
              Distribute across
            </button>
            <button
              type="button"
              disabled={selected.length < 3}
              onClick={() => dispatch({ type: "distribute", axis: "vertical" })}
            >
              Distribute down
            </button>
          </fieldset>
        </div>
      )}
      {selected.length === 1 && field !== undefined && (
        <div className="inspector-grid">
          <NumberField
            label="x (pt)"
            value={field.x}
            onCommit={(x) => dispatch({ type: "setFieldPosition", id: field.id, x, y: field.y })}
          />
          <NumberField
            label="y (pt)"
            value={field.y}
            onCommit={(y) => dispatch({ type: "setFieldPosition", id: field.id, x: field.x, y })}
          />
          <label className="inspector-field">
            <span>Page</span>
            <select
              value={field.page}
              onChange={(event) => dispatch({ type: "setFieldPage", id: field.id, page: Number(event.target.value) })}
            >
              {Array.from({ length: pagesKnown.length }, (_, index) => index + 1).map((number) => (
                <option key={number} value={number} disabled={pagesKnown[number - 1] === false}>
                  {pagesKnown[number - 1] === false ? `${number} (being read)` : number}
                </option>
              ))}
            </select>
          </label>
          <label className="inspector-field">
            <span>Type</span>
            <select
              value={field.type}
              onChange={(event) =>
                dispatch({ type: "setFieldType", id: field.id, fieldType: event.target.value as FieldType })
              }
            >
              {fieldTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label className="inspector-field wide">
            <span>Recipient</span>
            <select
              value={field.groupId}
              onChange={(event) => dispatch({ type: "setFieldGroup", id: field.id, groupId: event.target.value })}
            >
              {groups.map((group, index) => (
                <option key={group.id} value={group.id}>
                  {index + 1}. {group.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </section>
  );
}
