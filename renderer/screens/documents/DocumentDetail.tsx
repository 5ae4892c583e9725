import { type ReactNode, useEffect, useRef } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { DocumentRecord, TemplateRecord } from "../../../common/records";
import { statusNotReported } from "../../../common/statuses";
import { StatusBadge, statusLabel } from "../../components/StatusBadge";
import { DownloadPanel, type DownloadState } from "./DownloadPanel";
import { type Feedback, formatNextCheck } from "./refresh-feedback";
import { SigningPageLinks } from "./SigningPageLinks";
import { StatusProblem } from "./StatusProblem";
import { When } from "./When";

const messages = defineMessages({
  declinedExplained: {
    id: "documents.detail.declinedExplained",
    defaultMessage:
      "A recipient declined to sign. Nothing more will happen to this document, and there is no signed PDF to download.",
  },
  readyExplained: {
    id: "documents.detail.readyExplained",
    defaultMessage: "Everyone signed. The signed PDF, with its audit trail, is ready to download.",
  },
  endedExplained: {
    id: "documents.detail.endedExplained",
    defaultMessage:
      "The service reports the status “{status}”. Nothing more will happen to this document, and the service gave no signed PDF for it.",
    description: "{status} is the status as the service names it (voided, expired…), untranslated.",
  },
  notReportedExplained: {
    id: "documents.detail.notReportedExplained",
    defaultMessage:
      "The service listed this document without a status. Signdesk keeps checking until it reports one, a signed PDF exists, or the document ends.",
  },
  signedExplained: {
    id: "documents.detail.signedExplained",
    defaultMessage:
      "Everyone signed. The signed PDF is not released yet; Signdesk keeps checking and it can be downloaded here once it is.",
  },
  waitingExplained: {
    id: "documents.detail.waitingExplained",
    defaultMessage:
      "Waiting for signatures. Signdesk checks with the service regularly; the signed PDF can be downloaded here once everyone has signed.",
  },
  otherExplained: {
    id: "documents.detail.otherExplained",
    defaultMessage:
      "The service reports the status “{status}”. Signdesk keeps checking until the document has a signed PDF or ends (declined, voided, expired, cancelled, rejected or completed).",
    description: "{status} is a status the service names that Signdesk does not know, untranslated.",
  },
  allDocuments: {
    id: "documents.detail.allDocuments",
    defaultMessage: "All documents",
    description: "The button back from a document's details to the list.",
  },
  actions: { id: "documents.detail.actions", defaultMessage: "Actions", description: "Heading." },
  declined: {
    id: "documents.detail.declined",
    defaultMessage: "<strong>Declined.</strong> There is no signed PDF for a declined document.",
  },
  ended: {
    id: "documents.detail.ended",
    defaultMessage: "<strong>Ended ({status}).</strong> There is no signed PDF for this document.",
    description: "{status} is the status as the service names it (voided, expired…), untranslated.",
  },
  checking: { id: "documents.detail.checking", defaultMessage: "Checking…" },
  checkNow: {
    id: "documents.detail.checkNow",
    defaultMessage: "Check status now",
    description: "Asks the service for this document's status.",
  },
  sent: { id: "documents.detail.sent", defaultMessage: "Sent", description: "When the document was sent." },
  importedFromService: { id: "documents.detail.importedFromService", defaultMessage: "(imported from the service)" },
  lastChecked: {
    id: "documents.detail.lastChecked",
    defaultMessage: "Last checked",
    description: "When the status was last checked with the service.",
  },
  notCheckedYet: { id: "documents.detail.notCheckedYet", defaultMessage: "Not checked yet" },
  nextCheck: {
    id: "documents.detail.nextCheck",
    defaultMessage: "· next check <time>{when}</time>",
    description: "After when it was last checked. {when} is 'now', 'in under a minute' or 'in 5 minutes'.",
  },
  template: { id: "documents.detail.template", defaultMessage: "Template", description: "What it was sent from." },
  templateNotKnown: {
    id: "documents.detail.templateNotKnown",
    defaultMessage: "Not known (imported from the service)",
    description: "The template a document was sent from.",
  },
  templateNotListed: {
    id: "documents.detail.templateNotListed",
    defaultMessage: "A template not listed for this account",
  },
  serviceName: {
    id: "documents.detail.serviceName",
    defaultMessage: "Service name",
    description: "The document's name at the signature service, when it differs from Signdesk's.",
  },
  documentId: { id: "documents.detail.documentId", defaultMessage: "Document ID" },
  recipients: { id: "documents.detail.recipients", defaultMessage: "Recipients", description: "Heading." },
  groupLabel: {
    id: "documents.detail.groupLabel",
    defaultMessage: "{group}:",
    description: "Before a recipient's name: the template's recipient group ('Landlord:').",
  },
  moreFromService: {
    id: "documents.detail.moreFromService",
    defaultMessage: "More from the service",
    description: "Heading.",
  },
  moreFromServiceHint: {
    id: "documents.detail.moreFromServiceHint",
    defaultMessage:
      "What the service's last answer said about this document that Signdesk does not use, as it came (for diagnosis).",
  },
  statusHistory: { id: "documents.detail.statusHistory", defaultMessage: "Status history", description: "Heading." },
  statusHistoryHint: {
    id: "documents.detail.statusHistoryHint",
    defaultMessage: "As Signdesk observed it, newest first.",
  },
});

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

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
function explanation(intl: IntlShape, record: DocumentRecord): string {
  const status = record.lastStatus;
  if (status === "declined") return intl.formatMessage(messages.declinedExplained);
  if (record.hasFinalPdf) return intl.formatMessage(messages.readyExplained);
  if (record.finished) return intl.formatMessage(messages.endedExplained, { status });
  if (status === statusNotReported) return intl.formatMessage(messages.notReportedExplained);
  if (status === "signed") return intl.formatMessage(messages.signedExplained);
  if (status === "pending" || status === "partially_signed") return intl.formatMessage(messages.waitingExplained);
  return intl.formatMessage(messages.otherExplained, { status });
}

/** "← All documents": back from a document's details (or its place while it is read) to the list. */
export function BackToList({ onBack, keyShortcut }: { onBack: () => void; keyShortcut?: string }) {
  const intl = useIntl();
  return (
    <button type="button" className="back-button" onClick={onBack} aria-keyshortcuts={keyShortcut}>
      <span aria-hidden="true">
        <span className="mirror-in-rtl">←</span>{" "}
      </span>
      {intl.formatMessage(messages.allDocuments)}
    </button>
  );
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
        <BackToList onBack={onBack} keyShortcut="Escape" />
        <div className="detail-title">
          <h1 id="documents-title" tabIndex={-1} ref={heading} dir="auto">
            {record.name}
          </h1>
          <StatusBadge status={record.lastStatus} hasFinalPdf={record.hasFinalPdf} />
        </div>
      </header>
      <div className="screen-body wide document-detail">
        <p className="screen-summary">{explanation(intl, record)}</p>
        <StatusProblem record={record} now={now} />

        <section aria-labelledby="detail-actions-title" className="detail-section">
          <h2 id="detail-actions-title">{intl.formatMessage(messages.actions)}</h2>
          {record.hasFinalPdf && !declined && (
            <DownloadPanel bridge={bridge} documentName={record.name} state={download} onDownload={onDownload} />
          )}
          {declined && (
            <p className="notice">
              <FormattedMessage {...messages.declined} values={{ strong }} />
            </p>
          )}
          {ended && !declined && (
            <p className="notice">
              <FormattedMessage {...messages.ended} values={{ strong, status: record.lastStatus }} />
            </p>
          )}
          {!record.finished && (
            <div className="detail-actions">
              <button type="button" onClick={onCheckNow} disabled={checking}>
                {intl.formatMessage(checking ? messages.checking : messages.checkNow)}
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
            <dt>{intl.formatMessage(messages.sent)}</dt>
            <dd>
              <When iso={record.sentAt} now={now} />
              {record.imported && <span className="muted"> {intl.formatMessage(messages.importedFromService)}</span>}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.lastChecked)}</dt>
            <dd>
              {record.lastCheckedAt === null ? (
                intl.formatMessage(messages.notCheckedYet)
              ) : (
                <When iso={record.lastCheckedAt} now={now} />
              )}
              {nextCheckAt !== null && !record.finished && (
                <span className="muted" data-testid="next-check">
                  {" "}
                  <FormattedMessage
                    {...messages.nextCheck}
                    values={{
                      when: formatNextCheck(intl, nextCheckAt, now),
                      time: (chunks) => <time dateTime={nextCheckAt}>{chunks}</time>,
                    }}
                  />
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.template)}</dt>
            <dd>
              {template !== undefined ? (
                template.name
              ) : record.templateId === null ? (
                <span className="muted">{intl.formatMessage(messages.templateNotKnown)}</span>
              ) : (
                <span className="muted">{intl.formatMessage(messages.templateNotListed)}</span>
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
              <dt>{intl.formatMessage(messages.serviceName)}</dt>
              <dd>
                <bdi>{record.serviceName}</bdi>
              </dd>
            </div>
          )}
          <div>
            <dt>{intl.formatMessage(messages.documentId)}</dt>
            <dd>
              <code>{record.pdfId}</code>
            </dd>
          </div>
        </dl>

        <section aria-labelledby="detail-recipients-title" className="detail-section">
          <h2 id="detail-recipients-title">{intl.formatMessage(messages.recipients)}</h2>
          <ul className="detail-list" aria-labelledby="detail-recipients-title">
            {record.recipients.map((recipient, index) => {
              const group = template?.groups[index]?.label;
              return (
                <li key={recipient.email}>
                  {group !== undefined && (
                    <span className="group-label">
                      <FormattedMessage {...messages.groupLabel} values={{ group: <bdi>{group}</bdi> }} />{" "}
                    </span>
                  )}
                  <bdi className="recipient-name">{recipient.name}</bdi>{" "}
                  <span className="muted" dir="ltr">
                    &lt;{recipient.email}&gt;
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
        <SigningPageLinks bridge={bridge} record={record} />

        {extras.length > 0 && (
          <section aria-labelledby="detail-extras-title" className="detail-section">
            <h2 id="detail-extras-title">{intl.formatMessage(messages.moreFromService)}</h2>
            <p className="muted small">{intl.formatMessage(messages.moreFromServiceHint)}</p>
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
          <h2 id="detail-history-title">{intl.formatMessage(messages.statusHistory)}</h2>
          <p className="muted small">{intl.formatMessage(messages.statusHistoryHint)}</p>
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
