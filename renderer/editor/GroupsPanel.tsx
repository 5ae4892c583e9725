import { useState } from "react";
import { useIntl } from "react-intl";
import type { DraftGroup } from "../../common/draft";
import { defineMessages } from "../../common/i18n/define-messages";
import type { EditorAction } from "./state/editor-state";

const messages = defineMessages({
  title: {
    id: "editor.groups.title",
    defaultMessage: "Recipients",
    description: "The editor's panel of recipient groups.",
  },
  labelFor: { id: "editor.groups.labelFor", defaultMessage: "Label for recipient {number, number}" },
  group: {
    id: "editor.groups.group",
    defaultMessage:
      "{label}, recipient {number, number}, {fields, plural, one {# fields} other {# fields}}{active, select, yes {, new fields go here} other {}}",
    description:
      "A recipient group's button, for assistive technology: its label, number, count of fields, and whether it is the one new fields go to.",
  },
  fieldCount: {
    id: "editor.groups.fieldCount",
    defaultMessage: "({count, number})",
    description: "How many fields a recipient group has, after its label.",
  },
  rename: { id: "editor.groups.rename", defaultMessage: "Rename {label}" },
  moveUp: { id: "editor.groups.moveUp", defaultMessage: "Move {label} up" },
  moveDown: { id: "editor.groups.moveDown", defaultMessage: "Move {label} down" },
  remove: { id: "editor.groups.remove", defaultMessage: "Remove {label} and its fields" },
  add: { id: "editor.groups.add", defaultMessage: "Add recipient" },
  newLabel: {
    id: "editor.groups.newLabel",
    defaultMessage: "Recipient {number, number}",
    description: "The label a new recipient group starts with (the person may rename it).",
  },
});

interface GroupsPanelProps {
  groups: DraftGroup[];
  activeGroupId: string;
  fieldCounts: Map<string, number>;
  dispatch: (action: EditorAction) => void;
  newGroupId: () => string;
}

/** Recipient groups in order (group 1 is the first recipient): add, rename, reorder, remove, choose the active one. */
export function GroupsPanel({ groups, activeGroupId, fieldCounts, dispatch, newGroupId }: GroupsPanelProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  return (
    <section className="panel" aria-labelledby="groups-title">
      <h2 id="groups-title">{intl.formatMessage(messages.title)}</h2>
      <ol className="groups">
        {groups.map((group, index) => (
          <li key={group.id} className={group.id === activeGroupId ? "group active" : "group"}>
            <span className="group-badge" style={{ backgroundColor: group.color }} aria-hidden="true">
              {index + 1}
            </span>
            {editing === group.id ? (
              <form
                className="inline-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  dispatch({ type: "renameGroup", id: group.id, label });
                  setEditing(null);
                }}
              >
                <label className="visually-hidden" htmlFor={`group-label-${group.id}`}>
                  {intl.formatMessage(messages.labelFor, { number: index + 1 })}
                </label>
                <input
                  id={`group-label-${group.id}`}
                  value={label}
                  maxLength={60}
                  // biome-ignore lint/a11y/noAutofocus: the user asked to rename this group.
                  autoFocus
                  onChange={(event) => setLabel(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") setEditing(null);
                  }}
                />
              </form>
            ) : (
              <button
                type="button"
                className="link-button group-label"
                aria-pressed={group.id === activeGroupId}
                aria-label={intl.formatMessage(messages.group, {
                  label: group.label,
                  number: index + 1,
                  fields: fieldCounts.get(group.id) ?? 0,
                  active: group.id === activeGroupId ? "yes" : "no",
                })}
                onClick={() => dispatch({ type: "setActiveGroup", id: group.id })}
              >
                {group.label}{" "}
                <span className="muted">
                  {intl.formatMessage(messages.fieldCount, { count: fieldCounts.get(group.id) ?? 0 })}
                </span>
              </button>
            )}
            <span className="group-actions">
              <button
                type="button"
                aria-label={intl.formatMessage(messages.rename, { label: group.label })}
                onClick={() => {
                  setLabel(group.label);
                  setEditing(group.id);
                }}
              >
                ✎
              </button>
              <button
                type="button"
                aria-label={intl.formatMessage(messages.moveUp, { label: group.label })}
                disabled={index === 0}
                onClick={() => dispatch({ type: "moveGroup", id: group.id, toIndex: index - 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={intl.formatMessage(messages.moveDown, { label: group.label })}
                disabled={index === groups.length - 1}
                onClick={() => dispatch({ type: "moveGroup", id: group.id, toIndex: index + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={intl.formatMessage(messages.remove, { label: group.label })}
                disabled={groups.length === 1}
                onClick={() => dispatch({ type: "removeGroup", id: group.id })}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={groups.length >= 20}
        onClick={() =>
          dispatch({
            type: "addGroup",
            id: newGroupId(),
            label: intl.formatMessage(messages.newLabel, { number: groups.length + 1 }),
          })
        }
      >
        {intl.formatMessage(messages.add)}
      </button>
    </section>
  );
}
