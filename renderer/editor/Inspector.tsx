import { useIntl } from "react-intl";
import type { DraftField, DraftGroup } from "../../common/draft";
import { type FieldType, fieldTypes } from "../../common/fields";
import { defineMessages } from "../../common/i18n/define-messages";
import { fieldTypeName } from "./field-type-names";
import type { EditorAction } from "./state/editor-state";
import type { AlignEdge } from "./state/types";

const messages = defineMessages({
  title: {
    id: "editor.inspector.title",
    defaultMessage: "Selection",
    description: "The panel about the selected fields.",
  },
  none: { id: "editor.inspector.none", defaultMessage: "Select a field to see and set its exact position." },
  count: {
    id: "editor.inspector.count",
    defaultMessage: "{count, plural, one {# field selected.} other {# fields selected.}}",
  },
  arrange: { id: "editor.inspector.arrange", defaultMessage: "Align and distribute" },
  align: {
    id: "editor.inspector.align",
    defaultMessage:
      "{edge, select, left {Align left} centerX {Align centres} right {Align right} top {Align tops} centerY {Align middles} other {Align bottoms}}",
    description: "Buttons that line the selected fields up on one of their edges, or on their centres.",
  },
  distributeAcross: { id: "editor.inspector.distributeAcross", defaultMessage: "Distribute across" },
  distributeDown: { id: "editor.inspector.distributeDown", defaultMessage: "Distribute down" },
  x: {
    id: "editor.inspector.x",
    defaultMessage: "x (pt)",
    description: "The field's distance from the page's left edge, in points.",
  },
  y: {
    id: "editor.inspector.y",
    defaultMessage: "y (pt)",
    description: "The field's distance from the page's top edge, in points.",
  },
  page: { id: "editor.inspector.page", defaultMessage: "Page" },
  pageBeingRead: {
    id: "editor.inspector.pageBeingRead",
    defaultMessage: "{page, number} (being read)",
    description: "A page number in the Page list, for a page not read yet.",
  },
  type: { id: "editor.inspector.type", defaultMessage: "Type", description: "The field's type (Signature, Date…)." },
  recipient: { id: "editor.inspector.recipient", defaultMessage: "Recipient" },
  group: {
    id: "editor.inspector.group",
    defaultMessage: "{number, number}. {label}",
    description: "A recipient group in the Recipient list: its number, then its label.",
  },
});

const edges: readonly AlignEdge[] = ["left", "centerX", "right", "top", "centerY", "bottom"];

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
  const intl = useIntl();
  const [field] = selected;
  return (
    <section className="panel" aria-labelledby="inspector-title">
      <h2 id="inspector-title">{intl.formatMessage(messages.title)}</h2>
      {selected.length === 0 && <p className="panel-hint">{intl.formatMessage(messages.none)}</p>}
      {selected.length > 1 && (
        <div className="inspector-multi">
          <p className="panel-hint">{intl.formatMessage(messages.count, { count: selected.length })}</p>
          <fieldset className="button-grid">
            <legend className="visually-hidden">{intl.formatMessage(messages.arrange)}</legend>
            {edges.map((edge) => (
              <button key={edge} type="button" onClick={() => dispatch({ type: "align", edge })}>
                {intl.formatMessage(messages.align, { edge })}
              </button>
            ))}
            <button
              type="button"
              disabled={selected.length < 3}
              onClick={() => dispatch({ type: "distribute", axis: "horizontal" })}
            >
              {intl.formatMessage(messages.distributeAcross)}
            </button>
            <button
              type="button"
              disabled={selected.length < 3}
              onClick={() => dispatch({ type: "distribute", axis: "vertical" })}
            >
              {intl.formatMessage(messages.distributeDown)}
            </button>
          </fieldset>
        </div>
      )}
      {selected.length === 1 && field !== undefined && (
        <div className="inspector-grid">
          <NumberField
            label={intl.formatMessage(messages.x)}
            value={field.x}
            onCommit={(x) => dispatch({ type: "setFieldPosition", id: field.id, x, y: field.y })}
          />
          <NumberField
            label={intl.formatMessage(messages.y)}
            value={field.y}
            onCommit={(y) => dispatch({ type: "setFieldPosition", id: field.id, x: field.x, y })}
          />
          <label className="inspector-field">
            <span>{intl.formatMessage(messages.page)}</span>
            <select
              value={field.page}
              onChange={(event) => dispatch({ type: "setFieldPage", id: field.id, page: Number(event.target.value) })}
            >
              {Array.from({ length: pagesKnown.length }, (_, index) => index + 1).map((number) => (
                <option key={number} value={number} disabled={pagesKnown[number - 1] === false}>
                  {pagesKnown[number - 1] === false
                    ? intl.formatMessage(messages.pageBeingRead, { page: number })
                    : intl.formatNumber(number)}
                </option>
              ))}
            </select>
          </label>
          <label className="inspector-field">
            <span>{intl.formatMessage(messages.type)}</span>
            <select
              value={field.type}
              onChange={(event) =>
                dispatch({ type: "setFieldType", id: field.id, fieldType: event.target.value as FieldType })
              }
            >
              {fieldTypes.map((type) => (
                <option key={type} value={type}>
                  {fieldTypeName(intl, type)}
                </option>
              ))}
            </select>
          </label>
          <label className="inspector-field wide">
            <span>{intl.formatMessage(messages.recipient)}</span>
            <select
              value={field.groupId}
              onChange={(event) => dispatch({ type: "setFieldGroup", id: field.id, groupId: event.target.value })}
            >
              {groups.map((group, index) => (
                <option key={group.id} value={group.id}>
                  {intl.formatMessage(messages.group, { number: index + 1, label: group.label })}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </section>
  );
}
