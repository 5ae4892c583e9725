import { useState } from "react";
import type { BulkRow } from "../../../common/bulk";
import { defaultDocumentName } from "../../../common/document-naming";
import { Pager } from "../../components/Pager";
import type { ReviewedRow } from "./bulk-review";

interface ReviewTableProps {
  rows: readonly ReviewedRow[];
  labels: readonly string[];
  /** Names a row's document when the file does not (with its first recipient's name). */
  templateName: string;
  onEdit: (row: BulkRow) => void;
  onLeaveOut: (line: number, leftOut: boolean) => void;
}

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
  const [draft, setDraft] = useState<BulkRow>(entry.row);
  const line = entry.row.line;
  return (
    <form
      className="bulk-row-editor"
      aria-label={`Fix line ${line}`}
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
              {label} name
              <input value={recipient.name} onChange={(event) => set("name", event.target.value)} />
            </label>
            <label>
              {label} e-mail
              <input type="email" value={recipient.email} onChange={(event) => set("email", event.target.value)} />
            </label>
          </span>
        );
      })}
      <label>
        Document name
        <input
          value={draft.documentName ?? ""}
          onChange={(event) =>
            setDraft({ ...draft, documentName: event.target.value === "" ? null : event.target.value })
          }
        />
      </label>
      <span className="bulk-editor-actions">
        <button type="submit" className="primary">
          Apply<span className="visually-hidden"> to line {line}</span>
        </button>
        <button type="button" onClick={onCancel}>
          Cancel<span className="visually-hidden"> fixing line {line}</span>
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
          Only rows that need fixing, were fixed or are left out ({attention.length.toLocaleString()})
        </label>
        <Pager page={current} pages={pages} label="Pages of rows" onPage={setPage} />
      </div>
      <div className="documents-table-frame">
        <table className="documents-table bulk-table">
          <caption className="visually-hidden">Rows of the file, as they will be sent</caption>
          <thead>
            <tr>
              <th scope="col" className="bulk-line">
                Line
              </th>
              <th scope="col">Recipients</th>
              <th scope="col">Document name</th>
              <th scope="col">Check</th>
              <th scope="col" className="bulk-actions">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((entry) => {
              const { line } = entry.row;
              if (editing === line)
                return (
                  <tr key={line}>
                    <th scope="row">{line}</th>
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
                  <th scope="row">{line}</th>
                  <td>
                    {entry.row.recipients.map((recipient, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: recipient groups are fixed by the template, in order.
                      <span className="recipient-email" key={index}>
                        {recipient.name || <em className="muted">no name</em>}{" "}
                        <span className="muted small bulk-email">{recipient.email || "no e-mail"}</span>
                      </span>
                    ))}
                  </td>
                  <td>
                    {entry.row.documentName ?? (
                      <span className="muted">{defaultDocumentName(templateName, entry.row.recipients[0]?.name)}</span>
                    )}
                  </td>
                  <td>
                    {entry.leftOut ? (
                      <span className="muted">Left out</span>
                    ) : entry.problems.length === 0 ? (
                      <span className="bulk-ready">{entry.edited ? "Ready (fixed)" : "Ready"}</span>
                    ) : (
                      <ul className="bulk-problems">
                        {entry.problems.map((problem) => (
                          <li key={problem.message}>{problem.message}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <span className="row-actions">
                      <button type="button" onClick={() => setEditing(line)}>
                        Fix<span className="visually-hidden"> line {line}</span>
                      </button>
                      <label className="checkbox-label">
                        <input
                          type="checkbox"
                          checked={entry.leftOut}
                          onChange={(event) => onLeaveOut(line, event.target.checked)}
                        />
                        Leave out<span className="visually-hidden"> line {line}</span>
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
