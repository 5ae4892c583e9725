import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import type { DocumentRecord, TemplateRecord } from "../../../common/records";
import { statusNotReported } from "../../../common/statuses";
import { StatusBadge, statusLabel } from "../../components/StatusBadge";
import { DownloadPanel, type DownloadState } from "./DownloadPanel";
import { type Feedback, formatNextCheck } from "./refresh-feedback";
import { SigningPageLinks } from "./SigningPageLinks";
import { StatusProblem } from "./StatusProblem";
import { When } from "./When";

interface DocumentDetailProps {
  bridge: SigndeskApi;
  record: DocumentRecord;
  /** The template it was sent from, when the app knows it. */
  template: TemplateRecord | undefined;
  download: DownloadState | undefined;
  onDownload: () => void;
  checking: boolean;
  onCheckNow: () => void;
  /** When Signdesk checks the status next (ISO time); null once finished. */
  nextCheckAt: string | null;
  /** The answer to "Check status now". */
  feedback: Feedback;
  onBack: () => void;
  now: number;
}

/** What the status means for the user, in a sentence. */
function explanation(record: DocumentRecord): string {
  if (record.lastStatus === "declined")
    return "A recipient declined to sign. Nothing more will happen to this document, and there is no signed PDF to download.";
  if (record.hasFinalPdf) return "Everyone signed. The signed PDF, with its audit trail, is ready to download.";
  if (record.finished)
    return `The service reports the status “${record.lastStatus}”. Nothing more will happen to this document, and the service gave no signed PDF for it.`;
  if (record.lastStatus === statusNotReported)
    return "The service listed this document without a status. Signdesk keeps checking until it reports one, a signed PDF exists, or the document ends.";
  if (record.lastStatus === "signed")
    return "Everyone signed. The signed PDF is not released yet; Signdesk keeps checking and it can be downloaded here once it is.";
  if (record.lastStatus === "pending" || record.lastStatus === "partially_signed")
    return "Waiting for signatures. Signdesk checks with the service regularly; the signed PDF can be downloaded here once everyone has signed.";
  return `The service reports the status “${record.lastStatus}”. Signdesk keeps checking until the document has a signed PDF or ends (declined, voided, expired, cancelled, rejected or completed).`;
}

export function DocumentDetail({
  bridge,
  record,
  template,
  download,
  onDownload,
  checking,
  onCheckNow,
  nextCheckAt,
  feedback,
  onBack,
  now,
}: DocumentDetailProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a document moves focus to its name, so keyboard and screen-reader users land on it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      onBack();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onBack]);

  const declined = record.lastStatus === "declined";
  /** Finished without a final PDF: declined, voided, expired… */
  const ended = record.finished && !record.hasFinalPdf;
  const extras = Object.entries(record.unknownMembers ?? {});
  const history = [...record.statusHistory].reverse();

  return (
    <>
      <header className="screen-header detail-header">
        <button type="button" className="back-button" onClick={onBack} aria-keyshortcuts="Escape">
          <span aria-hidden="true">← </span>All documents
        </button>
        <div className="detail-title">
          <h1 id="documents-title" tabIndex={-1} ref={heading} dir="auto">
            {record.name}
          </h1>
          <StatusBadge status={record.lastStatus} hasFinalPdf={record.hasFinalPdf} />
        </div>
      </header>
      <div className="screen-body wide document-detail">
        <p className="screen-summary">{explanation(record)}</p>
        <StatusProblem record={record} now={now} />

        <section aria-labelledby="detail-actions-title" className="detail-section">
          <h2 id="detail-actions-title">Actions</h2>
          {record.hasFinalPdf && !declined && (
            <DownloadPanel bridge={bridge} documentName={record.name} state={download} onDownload={onDownload} />
          )}
          {declined && (
            <p className="notice">
              <strong>Declined.</strong> There is no signed PDF for a declined document.
            </p>
          )}
          {ended && !declined && (
            <p className="notice">
              <strong>Ended ({record.lastStatus}).</strong> There is no signed PDF for this document.
            </p>
          )}
          {!record.finished && (
            <div className="detail-actions">
              <button type="button" onClick={onCheckNow} disabled={checking}>
                {checking ? "Checking…" : "Check status now"}
              </button>
            </div>
          )}
          {feedback?.kind === "notice" && (
            <p className="notice" role="status">
              {feedback.text}
            </p>
          )}
          {feedback?.kind === "problem" && (
            <p className="problem" role="alert">
              {feedback.text}
            </p>
          )}
        </section>

        <dl className="detail-facts">
          <div>
            <dt>Sent</dt>
            <dd>
              <When iso={record.sentAt} now={now} />
              {record.imported && <span className="muted"> (imported from the service)</span>}
            </dd>
          </div>
          <div>
            <dt>Last checked</dt>
            <dd>
              {record.lastCheckedAt === null ? "Not checked yet" : <When iso={record.lastCheckedAt} now={now} />}
              {nextCheckAt !== null && !record.finished && (
                <span className="muted" data-testid="next-check">
                  {" "}
                  · next check <time dateTime={nextCheckAt}>{formatNextCheck(nextCheckAt, now)}</time>
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>Template</dt>
            <dd>
              {template !== undefined ? (
                template.name
              ) : record.templateId === null ? (
                <span className="muted">Not known (imported from the service)</span>
              ) : (
                <span className="muted">A template not listed for this account</span>
              )}
              {record.templateId !== null && (
                <>
                  {" "}
                  <code className="muted">{record.templateId}</code>
                </>
              )}
            </dd>
          </div>
          {/* The service calls every copy by its template's name; the heading is Signdesk's own name for it. */}
          {record.serviceName !== undefined && record.serviceName !== record.name && (
            <div>
              <dt>Service name</dt>
              <dd>
                <bdi>{record.serviceName}</bdi>
              </dd>
            </div>
          )}
          <div>
            <dt>Document ID</dt>
            <dd>
              <code>{record.pdfId}</code>
            </dd>
          </div>
        </dl>

        <section aria-labelledby="detail-recipients-title" className="detail-section">
          <h2 id="detail-recipients-title">Recipients</h2>
          <ul className="detail-list" aria-labelledby="detail-recipients-title">
            {record.recipients.map((recipient, index) => {
              const group = template?.groups[index]?.label;
              return (
                <li key={recipient.email}>
                  {group !== undefined && <span className="group-label">{group}: </span>}
                  <span className="recipient-name">{recipient.name}</span>{" "}
                  <span className="muted">&lt;{recipient.email}&gt;</span>
                </li>
              );
            })}
          </ul>
        </section>
        <SigningPageLinks bridge={bridge} record={record} />

        {extras.length > 0 && (
          <section aria-labelledby="detail-extras-title" className="detail-section">
            <h2 id="detail-extras-title">More from the service</h2>
            <p className="muted small">
              What the service's last answer said about this document that Signdesk does not use, as it came (for
              diagnosis).
            </p>
            <dl className="detail-facts unknown-members" data-testid="unknown-members">
              {extras.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>
                    <code>{value}</code>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        <section aria-labelledby="detail-history-title" className="detail-section">
          <h2 id="detail-history-title">Status history</h2>
          <p className="muted small">As Signdesk observed it, newest first.</p>
          <ol className="detail-list status-history" aria-labelledby="detail-history-title" reversed>
            {history.map((change) => (
              <li key={`${change.at} ${change.status}`}>
                <span className="history-status">{statusLabel(intl, change.status)}</span>{" "}
                <span className="muted">
                  <When iso={change.at} now={now} />
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
