import { type ReactNode, useState } from "react";
import { useIntl } from "react-intl";
import type { DraftSummary } from "../../../common/draft";
import { defineMessages } from "../../../common/i18n/define-messages";
import { formatWhen } from "../../format/when";

const messages = defineMessages({
  newName: { id: "drafts.row.newName", defaultMessage: "New name for {name}" },
  save: { id: "drafts.row.save", defaultMessage: "Save", description: "Saves a draft's new name." },
  meta: {
    id: "drafts.row.meta",
    defaultMessage:
      "{pages, plural, one {# page} other {# pages}} · {groups, plural, one {# recipient group} other {# recipient groups}} · {fields, plural, one {# field} other {# fields}} · edited {when}{word, select, yes { · converted from Word} other {}}",
    description: "A draft's details; {when} is when it was last edited ('just now', '5 minutes ago', a date).",
  },
  rename: { id: "drafts.row.rename", defaultMessage: "Rename" },
  renameDraft: { id: "drafts.row.renameDraft", defaultMessage: "Rename {name}" },
  duplicate: { id: "drafts.row.duplicate", defaultMessage: "Duplicate" },
  duplicateDraft: { id: "drafts.row.duplicateDraft", defaultMessage: "Duplicate {name}" },
  delete: { id: "drafts.row.delete", defaultMessage: "Delete" },
  deleteDraft: { id: "drafts.row.deleteDraft", defaultMessage: "Delete {name}" },
});

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
              {intl.formatMessage(messages.newName, { name: draft.name })}
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
            <button type="submit">{intl.formatMessage(messages.save)}</button>
            {problem !== null && (
              <span className="field-problem" id={`rename-problem-${draft.id}`} role="alert">
                {problem}
              </span>
            )}
          </form>
        ) : (
          <button type="button" className="link-button draft-name" onClick={onOpen}>
            <bdi>{draft.name}</bdi>
          </button>
        )}
        <span className="draft-meta">
          {intl.formatMessage(messages.meta, {
            pages: draft.pageCount,
            groups: draft.groupCount,
            fields: draft.fieldCount,
            when: formatWhen(intl, draft.updatedAt),
            word: draft.sourceKind === "pdf" ? "no" : "yes",
          })}
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
          aria-label={intl.formatMessage(messages.renameDraft, { name: draft.name })}
        >
          {intl.formatMessage(messages.rename)}
        </button>
        <button
          type="button"
          onClick={onDuplicate}
          aria-label={intl.formatMessage(messages.duplicateDraft, { name: draft.name })}
        >
          {intl.formatMessage(messages.duplicate)}
        </button>
        <button
          type="button"
          className="danger"
          onClick={onDelete}
          aria-label={intl.formatMessage(messages.deleteDraft, { name: draft.name })}
        >
          {intl.formatMessage(messages.delete)}
        </button>
      </div>
    </li>
  );
}
