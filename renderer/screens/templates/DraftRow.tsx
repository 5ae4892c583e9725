import { type ReactNode, useState } from "react";
import { useIntl } from "react-intl";
import type { DraftSummary } from "../../../common/draft";
import { formatWhen } from "../../format/when";

interface DraftRowProps {
  draft: DraftSummary;
  thumbnail: ReactNode;
  onOpen: () => void;
  onRename: (name: string) => Promise<string | null>;
  onDuplicate: () => void;
  onDelete: () => void;
}

export function DraftRow({ draft, thumbnail, onOpen, onRename, onDuplicate, onDelete }: DraftRowProps) {
  const intl = useIntl();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(draft.name);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const failure = await onRename(name);
    setProblem(failure);
    if (failure === null) setRenaming(false);
  };

  return (
    <li className="draft-row">
      {thumbnail}
      <div className="draft-main">
        {renaming ? (
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <label className="visually-hidden" htmlFor={`rename-${draft.id}`}>
              New name for {draft.name}
            </label>
            <input
              id={`rename-${draft.id}`}
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") {
                  setName(draft.name);
                  setRenaming(false);
                }
              }}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this draft.
              autoFocus
              aria-invalid={problem !== null}
              aria-describedby={problem === null ? undefined : `rename-problem-${draft.id}`}
            />
            <button type="submit">Save</button>
            {problem !== null && (
              <span className="field-problem" id={`rename-problem-${draft.id}`} role="alert">
                {problem}
              </span>
            )}
          </form>
        ) : (
          <button type="button" className="link-button draft-name" onClick={onOpen}>
            {draft.name}
          </button>
        )}
        <span className="draft-meta">
          {draft.pageCount} {draft.pageCount === 1 ? "page" : "pages"} · {draft.groupCount}{" "}
          {draft.groupCount === 1 ? "recipient group" : "recipient groups"} · {draft.fieldCount}{" "}
          {draft.fieldCount === 1 ? "field" : "fields"} · edited {formatWhen(intl, draft.updatedAt)}
          {draft.sourceKind !== "pdf" && " · converted from Word"}
        </span>
      </div>
      <div className="row-actions">
        <button
          type="button"
          onClick={() => {
            // The draft's name as it is now (it may have been renamed since this row was drawn).
            setName(draft.name);
            setRenaming(true);
          }}
          aria-label={`Rename ${draft.name}`}
        >
          Rename
        </button>
        <button type="button" onClick={onDuplicate} aria-label={`Duplicate ${draft.name}`}>
          Duplicate
        </button>
        <button type="button" className="danger" onClick={onDelete} aria-label={`Delete ${draft.name}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
