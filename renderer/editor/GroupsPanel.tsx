import { useState } from "react";
import type { DraftGroup } from "../../common/draft";
import type { EditorAction } from "./state/editor-state";

interface GroupsPanelProps {
  groups: DraftGroup[];
  activeGroupId: string;
  fieldCounts: Map<string, number>;
  dispatch: (action: EditorAction) => void;
  newGroupId: () => string;
}

/** Recipient groups in order (group 1 is the first recipient): add, rename, reorder, remove, choose the active one. */
export function GroupsPanel({ groups, activeGroupId, fieldCounts, dispatch, newGroupId }: GroupsPanelProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  return (
    <section className="panel" aria-labelledby="groups-title">
      <h2 id="groups-title">Recipients</h2>
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
                  Label for recipient {index + 1}
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
                aria-label={`${group.label}, recipient ${index + 1}, ${fieldCounts.get(group.id) ?? 0} fields${group.id === activeGroupId ? ", new fields go here" : ""}`}
                onClick={() => dispatch({ type: "setActiveGroup", id: group.id })}
              >
                {group.label} <span className="muted">({fieldCounts.get(group.id) ?? 0})</span>
              </button>
            )}
            <span className="group-actions">
              <button
                type="button"
                aria-label={`Rename ${group.label}`}
                onClick={() => {
                  setLabel(group.label);
                  setEditing(group.id);
                }}
              >
                ✎
              </button>
              <button
                type="button"
                aria-label={`Move ${group.label} up`}
                disabled={index === 0}
                onClick={() => dispatch({ type: "moveGroup", id: group.id, toIndex: index - 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${group.label} down`}
                disabled={index === groups.length - 1}
                onClick={() => dispatch({ type: "moveGroup", id: group.id, toIndex: index + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Remove ${group.label} and its fields`}
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
        onClick={() => dispatch({ type: "addGroup", id: newGroupId(), label: `Recipient ${groups.length + 1}` })}
      >
        Add recipient
      </button>
    </section>
  );
}
