import { type ReactNode, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BulkRow } from "../../../common/bulk";
import { defaultDocumentName } from "../../../common/document-naming";
import { defineMessages } from "../../../common/i18n/define-messages";
import { Pager } from "../../components/Pager";
import { formatPhrase } from "../../i18n/format-phrase";
import type { ReviewedRow } from "./bulk-review";

interface ReviewTableProps {
  rows: readonly ReviewedRow[];
  labels: readonly string[];
  /** Names a row's document when the file does not (with its first recipient's name). */
  templateName: string;
  onEdit: (row: BulkRow) => void;
  onLeaveOut: (line: number, leftOut: boolean) => void;
}

const messages = defineMessages({
  fixLineForm: {
    id: "bulk.review.fixLineForm",
    defaultMessage: "Fix line {line, number, ::group-off}",
    description: "Name of the form that edits one row of the CSV file, by its line in the file.",
  },
  recipientName: {
    id: "bulk.review.recipientName",
    defaultMessage: "{group} name",
    description: "Field label: the name of the recipient of this recipient group (its label, e.g. 'Client').",
  },
  recipientEmail: {
    id: "bulk.review.recipientEmail",
    defaultMessage: "{group} e-mail",
    description: "Field label: the e-mail address of the recipient of this recipient group (its label, e.g. 'Client').",
  },
  documentName: { id: "bulk.review.documentName", defaultMessage: "Document name" },
  apply: {
    id: "bulk.review.apply",
    defaultMessage: "Apply<hidden> to line {line, number, ::group-off}</hidden>",
    description: "Applies the fixes typed in a row of the CSV file; the line is read by screen readers only.",
  },
  cancel: {
    id: "bulk.review.cancel",
    defaultMessage: "Cancel<hidden> fixing line {line, number, ::group-off}</hidden>",
    description: "Stops fixing a row without keeping the changes; the line is read by screen readers only.",
  },
  onlyAttention: {
    id: "bulk.review.onlyAttention",
    defaultMessage: "Only rows that need fixing, were fixed or are left out ({count, number})",
    description: "Checkbox: show only these rows of the CSV file; how many there are.",
  },
  pages: { id: "bulk.review.pages", defaultMessage: "Pages of rows" },
  caption: { id: "bulk.review.caption", defaultMessage: "Rows of the file, as they will be sent" },
  line: {
    id: "bulk.review.lineColumn",
    defaultMessage: "Line",
    description: "Column: the row's line in the CSV file.",
  },
  recipients: { id: "bulk.review.recipientsColumn", defaultMessage: "Recipients" },
  documentNameColumn: { id: "bulk.review.documentNameColumn", defaultMessage: "Document name" },
  check: {
    id: "bulk.review.checkColumn",
    defaultMessage: "Check",
    description: "Column: whether the row is ready to send, or what is wrong with it.",
  },
  actions: { id: "bulk.review.actionsColumn", defaultMessage: "Actions" },
  noName: { id: "bulk.review.noName", defaultMessage: "no name", description: "The row gives no recipient's name." },
  noEmail: {
    id: "bulk.review.noEmail",
    defaultMessage: "no e-mail",
    description: "The row gives no recipient's e-mail address.",
  },
  leftOut: { id: "bulk.review.leftOut", defaultMessage: "Left out", description: "The row will not be sent." },
  ready: { id: "bulk.review.ready", defaultMessage: "Ready", description: "The row is ready to send." },
  readyFixed: {
    id: "bulk.review.readyFixed",
    defaultMessage: "Ready (fixed)",
    description: "The row is ready to send, after the person fixed it.",
  },
  fix: {
    id: "bulk.review.fix",
    defaultMessage: "Fix<hidden> line {line, number, ::group-off}</hidden>",
    description: "Button: edit a row of the CSV file in place; the line is read by screen readers only.",
  },
  leaveOut: {
    id: "bulk.review.leaveOut",
    defaultMessage: "Leave out<hidden> line {line, number, ::group-off}</hidden>",
    description: "Checkbox: do not send this row of the CSV file; the line is read by screen readers only.",
  },
});

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** Rows shown at once: a file of 10,000 rows is read a page at a time. */
const pageSize = 100;

/** One row being fixed in place: its recipients, name and subject as inputs. */
function RowEditor({
  entry,
  labels,
  onDone,
  onCancel,
}: {
  entry: ReviewedRow;
  labels: readonly string[];
  onDone: (row: BulkRow) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<BulkRow>(entry.row);
  const line = entry.row.line;
  return (
    <form
      className="bulk-row-editor"
      aria-label={intl.formatMessage(messages.fixLineForm, { line })}
      onSubmit={(event) => {
        event.preventDefault();
        onDone(draft);
      }}
    >
      {labels.map((label, index) => {
        const recipient = draft.recipients[index] ?? { name: "", email: "" };
        const set = (field: "name" | "email", value: string) =>
          setDraft({
            ...draft,
            recipients: labels.map((_, at) =>
              at === index ? { ...recipient, [field]: value } : (draft.recipients[at] ?? { name: "", email: "" }),
            ),
          });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: recipient groups are fixed by the template, in order.
          <span className="bulk-editor-group" key={index}>
            <label>
              <FormattedMessage {...messages.recipientName} values={{ group: <bdi>{label}</bdi> }} />
              <input value={recipient.name} onChange={(event) => set("name", event.target.value)} />
            </label>
            <label>
              <FormattedMessage {...messages.recipientEmail} values={{ group: <bdi>{label}</bdi> }} />
              <input type="email" value={recipient.email} onChange={(event) => set("email", event.target.value)} />
            </label>
          </span>
        );
      })}
      <label>
        {intl.formatMessage(messages.documentName)}
        <input
          value={draft.documentName ?? ""}
          onChange={(event) =>
            setDraft({ ...draft, documentName: event.target.value === "" ? null : event.target.value })
          }
        />
      </label>
      <span className="bulk-editor-actions">
        <button type="submit" className="primary">
          <FormattedMessage {...messages.apply} values={{ line, hidden }} />
        </button>
        <button type="button" onClick={onCancel}>
          <FormattedMessage {...messages.cancel} values={{ line, hidden }} />
        </button>
      </span>
    </form>
  );
}

/**
 * The file's rows as they will be sent: each with what is wrong with it (the Send screen's rules), fixable in place
 * or left out. Rows needing attention can be shown alone.
 */
export function ReviewTable({ rows, labels, templateName, onEdit, onLeaveOut }: ReviewTableProps) {
  const intl = useIntl();
  // Rows fixed here stay listed with them, so that the fix can be seen and changed.
  const attention = rows.filter((entry) => entry.problems.length > 0 || entry.leftOut || entry.edited);
  const [onlyAttention, setOnlyAttention] = useState(attention.length > 0);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const shown = onlyAttention ? attention : rows;
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = shown.slice(current * pageSize, (current + 1) * pageSize);

  return (
    <div className="bulk-review">
      <div className="bulk-review-toolbar">
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={onlyAttention}
            onChange={(event) => {
              setOnlyAttention(event.target.checked);
              setPage(0);
            }}
          />
          {intl.formatMessage(messages.onlyAttention, { count: attention.length })}
        </label>
        <Pager page={current} pages={pages} label={intl.formatMessage(messages.pages)} onPage={setPage} />
      </div>
      <div className="documents-table-frame">
        <table className="documents-table bulk-table">
          <caption className="visually-hidden">{intl.formatMessage(messages.caption)}</caption>
          <thead>
            <tr>
              <th scope="col" className="bulk-line">
                {intl.formatMessage(messages.line)}
              </th>
              <th scope="col">{intl.formatMessage(messages.recipients)}</th>
              <th scope="col">{intl.formatMessage(messages.documentNameColumn)}</th>
              <th scope="col">{intl.formatMessage(messages.check)}</th>
              <th scope="col" className="bulk-actions">
                {intl.formatMessage(messages.actions)}
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((entry) => {
              const { line } = entry.row;
              if (editing === line)
                return (
                  <tr key={line}>
                    <th scope="row">{intl.formatNumber(line, { useGrouping: false })}</th>
                    <td colSpan={4}>
                      <RowEditor
                        entry={entry}
                        labels={labels}
                        onDone={(row) => {
                          onEdit(row);
                          setEditing(null);
                        }}
                        onCancel={() => setEditing(null)}
                      />
                    </td>
                  </tr>
                );
              return (
                <tr key={line} className={entry.leftOut ? "left-out" : undefined} data-line={line}>
                  <th scope="row">{intl.formatNumber(line, { useGrouping: false })}</th>
                  <td>
                    {entry.row.recipients.map((recipient, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: recipient groups are fixed by the template, in order.
                      <span className="recipient-email" key={index}>
                        {recipient.name || <em className="muted">{intl.formatMessage(messages.noName)}</em>}{" "}
                        <span className="muted small bulk-email">
                          {recipient.email || intl.formatMessage(messages.noEmail)}
                        </span>
                      </span>
                    ))}
                  </td>
                  <td>
                    {entry.row.documentName ?? (
                      <span className="muted">
                        {defaultDocumentName(templateName, entry.row.recipients[0]?.name, intl)}
                      </span>
                    )}
                  </td>
                  <td>
                    {entry.leftOut ? (
                      <span className="muted">{intl.formatMessage(messages.leftOut)}</span>
                    ) : entry.problems.length === 0 ? (
                      <span className="bulk-ready">
                        {intl.formatMessage(entry.edited ? messages.readyFixed : messages.ready)}
                      </span>
                    ) : (
                      <ul className="bulk-problems">
                        {entry.problems.map((problem, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row's problems are found anew on each check, in order.
                          <li key={index}>{formatPhrase(intl, problem.words)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <span className="row-actions">
                      <button type="button" onClick={() => setEditing(line)}>
                        <FormattedMessage {...messages.fix} values={{ line, hidden }} />
                      </button>
                      <label className="checkbox-label">
                        <input
                          type="checkbox"
                          checked={entry.leftOut}
                          onChange={(event) => onLeaveOut(line, event.target.checked)}
                        />
                        <FormattedMessage {...messages.leaveOut} values={{ line, hidden }} />
                      </label>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
