import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import {
  type BulkColumnMapping,
  type BulkRow,
  maxBulkFileBytes,
  maxBulkRows,
  suggestBulkMapping,
} from "../../../common/bulk";
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
import { bulkSendScreenMessages as messages } from "./bulk-send-screen-messages";

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

const labelsOf = (intl: IntlShape, template: TemplateRecord) =>
  template.groups.map(
    (group, index) => group.label || intl.formatMessage(messages.unnamedGroup, { number: index + 1 }),
  );

/** The recipient groups' labels as a list in a sentence: "Client, Witness". */
const groupList = (intl: IntlShape, labels: readonly string[]) =>
  intl.formatList(
    // biome-ignore lint/suspicious/noArrayIndexKey: recipient groups are fixed by the template, in order.
    labels.map((label, index) => <bdi key={index}>{label}</bdi>),
    { type: "unit" },
  );

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
  const intl = useIntl();
  /** What went wrong: main's words, or the window's own. */
  const [problem, setProblem] = useState<ReactNode>(null);
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
  const labels = template === undefined ? [] : labelsOf(intl, template);

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
        ? reviewRows(file, mapping, labelsOf(intl, template), edits, leftOut, sentKeys)
        : [],
    [intl, file, mapping, reviewing, template, edits, leftOut, sentKeys],
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
        <FormattedMessage
          {...messages.fileTooBig}
          values={{
            fileName: <bdi>{chosenFile.name}</bdi>,
            size: chosenFile.size / 1024 / 1024,
            max: maxBulkFileBytes / 1024 / 1024,
          }}
        />,
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
          {batch === null ? (
            intl.formatMessage(messages.titleNew)
          ) : (
            <FormattedMessage {...messages.titleBatch} values={{ fileName: <bdi>{batch.fileName}</bdi> }} />
          )}
        </h1>
        <div className="header-actions">
          <button type="button" onClick={onClose}>
            {intl.formatMessage(messages.backToDocuments)}
          </button>
        </div>
      </header>
      <div className="screen-body wide">
        {batch !== null ? (
          <>
            <p className="screen-summary">
              <FormattedMessage
                {...messages.batchSummary}
                values={{
                  templateName: <bdi>{batch.templateName}</bdi>,
                  total: batch.total,
                  fileName: <bdi>{batch.fileName}</bdi>,
                }}
              />
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
            <p className="screen-summary">{intl.formatMessage(messages.intro)}</p>
            {templates.status === "loading" && <p className="muted">{intl.formatMessage(messages.loadingTemplates)}</p>}
            {templates.status === "failed" && (
              <p className="problem" role="alert">
                {intl.formatMessage(messages.templatesFailed, { reason: templates.message })}
              </p>
            )}
            {templates.status === "ready" && template === undefined && (
              <p className="notice">{intl.formatMessage(messages.noTemplates)}</p>
            )}
            {template !== undefined && (
              <div className="bulk-source">
                <div className="form-field">
                  <label htmlFor={`${ids}-template`}>{intl.formatMessage(messages.template)}</label>
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
                        {intl.formatMessage(messages.templateOption, {
                          name: entry.name,
                          count: entry.groups.length,
                        })}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="form-field">
                  <label htmlFor={`${ids}-file`}>{intl.formatMessage(messages.csvFile)}</label>
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
                    <FormattedMessage
                      {...messages.fileHint}
                      values={{ maxRows: maxBulkRows, groups: groupList(intl, labels) }}
                    />
                  </span>
                </div>
                {reading && <p className="muted">{intl.formatMessage(messages.reading)}</p>}
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
                  <FormattedMessage {...messages.columnsTitle} values={{ fileName: <bdi>{file.fileName}</bdi> }} />
                </h2>
                <p className="muted small">
                  {intl.formatMessage(messages.fileRead, {
                    rows: file.rows.length,
                    encoding: file.encoding,
                    separator: file.delimiter === "\t" ? "tab" : file.delimiter === ";" ? "semicolon" : "comma",
                  })}
                </p>
                <ColumnMapping headers={file.headers} labels={labels} mapping={mapping} onChange={setMapping} />
                {missing.length > 0 && (
                  <p className="problem">
                    <FormattedMessage {...messages.missingColumns} values={{ groups: groupList(intl, missing) }} />
                  </p>
                )}
                <div className="form-actions">
                  <button
                    type="button"
                    className="primary"
                    disabled={missing.length > 0}
                    onClick={() => setReviewing(true)}
                  >
                    {intl.formatMessage(messages.checkRows)}
                  </button>
                </div>
              </section>
            )}
            {reviewing && file !== null && (
              <section aria-labelledby={`${ids}-rows`}>
                <h2 id={`${ids}-rows`} className="section-title">
                  {intl.formatMessage(messages.checkRows)}
                </h2>
                <p role="status" data-testid="bulk-summary">
                  {intl.formatMessage(messages.summary, { ...summary })}
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
                    {intl.formatMessage(messages.backToColumns)}
                  </button>
                  <button
                    type="button"
                    className="primary"
                    disabled={creating || summary.needFixing > 0 || summary.ready === 0}
                    onClick={() => void send()}
                  >
                    {creating
                      ? intl.formatMessage(messages.starting)
                      : intl.formatMessage(messages.sendDocuments, { count: summary.ready })}
                  </button>
                </div>
                {summary.needFixing > 0 && <p className="muted small">{intl.formatMessage(messages.fixFirst)}</p>}
              </section>
            )}
          </>
        )}
      </div>
    </section>
  );
}
