import { useEffect, useId, useMemo, useRef, useState } from "react";
import { type BulkColumnMapping, type BulkRow, maxBulkFileBytes, suggestBulkMapping } from "../../../common/bulk";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import type { TemplateRecord } from "../../../common/records";
import { templateVersions } from "../../../common/template-versions";
import { useResource } from "../../hooks/useResource";
import { BatchView } from "./BatchView";
import { type ReadFile, reviewRows, summarize } from "./bulk-review";
import { ColumnMapping, unmappedGroups } from "./ColumnMapping";
import { ReviewTable } from "./ReviewTable";
import "../documents/documents.css";
import "../send/send.css";
import "./bulk.css";

interface BulkSendScreenProps {
  bridge: SigndeskApi;
  /** The template to send (else the newest), for a new batch. */
  templateId: string | null;
  /** A batch to show (resume, results) instead of a new one. */
  batch: BulkBatch | null;
  onShowDocuments: (batch: BulkBatch) => void;
  onOpenDocument: (pdfId: string) => void;
  onClose: () => void;
}

const labelsOf = (template: TemplateRecord) =>
  template.groups.map((group, index) => group.label || `Recipient ${index + 1}`);

/**
 * Send to many: one template, a CSV file of recipients (one row per document). The columns are matched to the
 * recipient groups by their headers (adjustable), every row is checked with the Send screen's rules and can be fixed
 * or left out, then the batch is sent with progress, pause, resume and cancel, and each row's outcome is listed.
 */
export function BulkSendScreen({
  bridge,
  templateId,
  batch: shownBatch,
  onShowDocuments,
  onOpenDocument,
  onClose,
}: BulkSendScreenProps) {
  const [templates] = useResource(() => bridge.templatesList(), [bridge]);
  const [chosen, setChosen] = useState<string | null>(templateId);
  const [file, setFile] = useState<ReadFile | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<BulkColumnMapping | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [edits, setEdits] = useState<Map<number, BulkRow>>(new Map());
  const [leftOut, setLeftOut] = useState<Set<number>>(new Set());
  const [sentKeys, setSentKeys] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [batch, setBatch] = useState<BulkBatch | null>(shownBatch);
  const [creating, setCreating] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const available = useMemo(
    () => (templates.status === "ready" ? templateVersions(templates.value).map(({ current }) => current) : []),
    [templates],
  );
  const template =
    available.find((entry) => entry.templateId === (chosen ?? batch?.templateId)) ??
    (batch === null ? available[0] : undefined);
  const labels = template === undefined ? [] : labelsOf(template);

  useEffect(() => {
    if (template === undefined) return;
    let current = true;
    void bridge.bulkSentKeys({ templateId: template.templateId }).then((result) => {
      if (current && result.ok) setSentKeys(new Set(result.value));
    });
    return () => {
      current = false;
    };
  }, [bridge, template]);

  const reviewed = useMemo(
    () =>
      file !== null && mapping !== null && reviewing && template !== undefined
        ? reviewRows(file, mapping, labelsOf(template), edits, leftOut, sentKeys)
        : [],
    [file, mapping, reviewing, template, edits, leftOut, sentKeys],
  );
  const summary = summarize(reviewed);

  const chooseFile = async (chosenFile: File) => {
    setProblem(null);
    setFile(null);
    setReviewing(false);
    setEdits(new Map());
    setLeftOut(new Set());
    if (chosenFile.size > maxBulkFileBytes) {
      setProblem(
        `${chosenFile.name} is ${(chosenFile.size / 1024 / 1024).toFixed(1)} MB; a bulk send file can be at most ${maxBulkFileBytes / 1024 / 1024} MB. Split it into smaller files.`,
      );
      return;
    }
    setReading(true);
    const result = await bridge.bulkReadFile({
      fileName: chosenFile.name,
      bytes: new Uint8Array(await chosenFile.arrayBuffer()),
    });
    setReading(false);
    if (!result.ok) {
      setProblem(result.error.message);
      return;
    }
    const read = { ...result.value, fileName: chosenFile.name };
    setFile(read);
    if (template !== undefined) setMapping(suggestBulkMapping(read.headers, template.groups));
  };

  const send = async () => {
    if (template === undefined || file === null) return;
    setCreating(true);
    setProblem(null);
    const rows = reviewed.filter((entry) => !entry.leftOut).map((entry) => entry.row);
    const created = await bridge.bulkCreate({ templateId: template.templateId, fileName: file.fileName, rows });
    if (!created.ok) {
      setCreating(false);
      setProblem(created.error.message);
      return;
    }
    const started = await bridge.bulkStart({ batchId: created.value.batchId });
    setCreating(false);
    setBatch(started.ok ? started.value : created.value);
    if (!started.ok) setProblem(started.error.message);
  };

  const missing = mapping === null ? labels : unmappedGroups(mapping, labels);

  return (
    <section className="screen bulk-screen" aria-labelledby="bulk-title">
      <header className="screen-header with-actions">
        <h1 id="bulk-title" tabIndex={-1} ref={heading}>
          {batch === null ? "Send to many" : `Bulk send: ${batch.fileName}`}
        </h1>
        <div className="header-actions">
          <button type="button" onClick={onClose}>
            Back to Documents
          </button>
        </div>
      </header>
      <div className="screen-body wide">
        {batch !== null ? (
          <>
            <p className="screen-summary">
              {batch.templateName} · {batch.total.toLocaleString()} rows from {batch.fileName}
            </p>
            <BatchView
              bridge={bridge}
              batch={batch}
              onShowDocuments={onShowDocuments}
              onOpenDocument={onOpenDocument}
            />
          </>
        ) : (
          <>
            <p className="screen-summary">
              One document per row of a CSV file (from Excel, Google Sheets, LibreOffice…): each row names the
              recipients, and may name the document and the e-mail subject. Nothing is sent until you have checked the
              rows.
            </p>
            {templates.status === "loading" && <p className="muted">Loading templates…</p>}
            {templates.status === "failed" && (
              <p className="problem" role="alert">
                Templates could not be read: {templates.message}
              </p>
            )}
            {templates.status === "ready" && template === undefined && (
              <p className="notice">No templates yet: create one on the Templates screen, then send it to many here.</p>
            )}
            {template !== undefined && (
              <div className="bulk-source">
                <div className="form-field">
                  <label htmlFor={`${ids}-template`}>Template</label>
                  <select
                    id={`${ids}-template`}
                    value={template.templateId}
                    disabled={reviewing}
                    onChange={(event) => {
                      setChosen(event.target.value);
                      const next = available.find((entry) => entry.templateId === event.target.value);
                      if (file !== null && next !== undefined)
                        setMapping(suggestBulkMapping(file.headers, next.groups));
                    }}
                  >
                    {available.map((entry) => (
                      <option key={entry.templateId} value={entry.templateId}>
                        {entry.name} ({entry.groups.length} {entry.groups.length === 1 ? "recipient" : "recipients"})
                      </option>
                    ))}
                  </select>
                </div>
                <div className="form-field">
                  <label htmlFor={`${ids}-file`}>CSV file</label>
                  <input
                    id={`${ids}-file`}
                    type="file"
                    accept=".csv,.tsv,.txt,text/csv,text/plain"
                    disabled={reading || reviewing}
                    aria-describedby={`${ids}-file-hint`}
                    onChange={(event) => {
                      const chosenFile = event.target.files?.[0];
                      if (chosenFile !== undefined) void chooseFile(chosenFile);
                    }}
                  />
                  <span id={`${ids}-file-hint`} className="muted small">
                    A header row, then one row per document; comma, semicolon or tab separated; up to 10,000 rows.
                    Recipient groups: {labels.join(", ")}.
                  </span>
                </div>
                {reading && <p className="muted">Reading the file…</p>}
              </div>
            )}
            {problem !== null && (
              <p className="problem" role="alert">
                {problem}
              </p>
            )}
            {file !== null && mapping !== null && template !== undefined && !reviewing && (
              <section aria-labelledby={`${ids}-columns`}>
                <h2 id={`${ids}-columns`} className="section-title">
                  Columns of {file.fileName}
                </h2>
                <p className="muted small">
                  {file.rows.length.toLocaleString()} rows · read as {file.encoding}, separated by{" "}
                  {file.delimiter === "\t" ? "tabs" : file.delimiter === ";" ? "semicolons" : "commas"}. Columns were
                  matched by their headers; change any that is wrong.
                </p>
                <ColumnMapping headers={file.headers} labels={labels} mapping={mapping} onChange={setMapping} />
                {missing.length > 0 && (
                  <p className="problem">Choose the name and e-mail columns of: {missing.join(", ")}.</p>
                )}
                <div className="form-actions">
                  <button
                    type="button"
                    className="primary"
                    disabled={missing.length > 0}
                    onClick={() => setReviewing(true)}
                  >
                    Check the rows
                  </button>
                </div>
              </section>
            )}
            {reviewing && file !== null && (
              <section aria-labelledby={`${ids}-rows`}>
                <h2 id={`${ids}-rows`} className="section-title">
                  Check the rows
                </h2>
                <p role="status" data-testid="bulk-summary">
                  {summary.ready.toLocaleString()} ready to send · {summary.needFixing.toLocaleString()} to fix or leave
                  out · {summary.leftOut.toLocaleString()} left out
                </p>
                <ReviewTable
                  rows={reviewed}
                  labels={labels}
                  templateName={template?.name ?? ""}
                  onEdit={(row) => setEdits(new Map(edits).set(row.line, row))}
                  onLeaveOut={(line, out) => {
                    const next = new Set(leftOut);
                    if (out) next.add(line);
                    else next.delete(line);
                    setLeftOut(next);
                  }}
                />
                <div className="form-actions">
                  <button type="button" disabled={creating} onClick={() => setReviewing(false)}>
                    Back to the columns
                  </button>
                  <button
                    type="button"
                    className="primary"
                    disabled={creating || summary.needFixing > 0 || summary.ready === 0}
                    onClick={() => void send()}
                  >
                    {creating
                      ? "Starting…"
                      : `Send ${summary.ready.toLocaleString()} ${summary.ready === 1 ? "document" : "documents"}`}
                  </button>
                </div>
                {summary.needFixing > 0 && (
                  <p className="muted small">Fix or leave out every row that needs it to send the others.</p>
                )}
              </section>
            )}
          </>
        )}
      </div>
    </section>
  );
}
