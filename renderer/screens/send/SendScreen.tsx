import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defaultDocumentName } from "../../../common/document-naming";
import { queuedCode } from "../../../common/outbox";
import { checkRecipients, hasRecipientProblems, recipientProblemList } from "../../../common/recipient-checks";
import { DocumentNameSchema, nameProblem } from "../../../common/record-names";
import type { TemplateRecord } from "../../../common/records";
import type { IpcError } from "../../../common/result";
import { templateVersions } from "../../../common/template-versions";
import { CheckingNotice, ServiceFailure } from "../../components/ServiceFailure";
import { formatWhen } from "../../format/when";
import { useResource } from "../../hooks/useResource";
import { QueuedNotice } from "../../outbox/QueuedNotice";
import { RecipientFields } from "../../recipients/RecipientFields";
import { blankEntry, editRow, type RecipientEntry, recentRecipients } from "../../recipients/recipients";
import "../documents/documents.css";
import { withProgress } from "../../with-progress";
import { DocumentNameFields } from "./DocumentNameFields";
import { editsForNewTemplate, followDefaults, type NamingEdits, namingOf } from "./document-naming";
import "./send.css";
import { formatPhrase } from "../../i18n/format-phrase";
import { sendScreenMessages as messages } from "./send-screen-messages";

interface SendScreenProps {
  bridge: SigndeskApi;
  /** The template to start with (else the newest). */
  initialTemplateId?: string | null;
  /** The service created the document: its pdf_id. */
  onSent: (pdfId: string) => void;
  onCancel: () => void;
}

const newestFirst = (templates: readonly TemplateRecord[]) =>
  [...templates].sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0));

/** The newest version of each template, and the earlier version asked for (sent from "Earlier versions"). */
const sendable = (templates: readonly TemplateRecord[], asked: string | null | undefined) =>
  templateVersions(templates).flatMap(({ current, earlier }) => [
    current,
    ...earlier.filter((template) => template.templateId === asked),
  ]);

/** Sends a created template for signature: one recipient per recipient group, an optional e-mail subject. */
export function SendScreen({ bridge, initialTemplateId, onSent, onCancel }: SendScreenProps) {
  const intl = useIntl();
  const [templates] = useResource(() => bridge.templatesList(), [bridge]);
  // The people of the 200 most recently sent documents are offered as recipients.
  const [documents] = useResource(() => bridge.documentsList({ sort: "newest", limit: 200 }), [bridge]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [entries, setEntries] = useState<RecipientEntry[]>([]);
  /** The document's name and e-mail subject as typed; null: each follows its default (common/document-naming.ts). */
  const [naming, setNaming] = useState<NamingEdits>(followDefaults);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  /** Set while the service is asked whether a send whose answer was lost was made. */
  const [checking, setChecking] = useState<{ done: number; total: number | null } | null>(null);
  const [serviceError, setServiceError] = useState<IpcError | null>(null);
  /** The last send's outcome is unknown: sending again is a choice made knowingly ("Send again anyway"). */
  const [unknownOutcome, setUnknownOutcome] = useState(false);
  /** The service could not be reached: the send waits in the Outbox (main's words why, and when it goes). */
  const [queued, setQueued] = useState<string | null>(null);
  /** A send is under way: a second press (before the button shows it) does nothing. */
  const underway = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const available = useMemo(
    () => (templates.status === "ready" ? newestFirst(sendable(templates.value, initialTemplateId)) : []),
    [templates, initialTemplateId],
  );
  const initialMissing =
    initialTemplateId !== undefined &&
    initialTemplateId !== null &&
    templates.status === "ready" &&
    !available.some((template) => template.templateId === initialTemplateId);
  const templateId =
    chosen ??
    (available.some((template) => template.templateId === initialTemplateId) ? initialTemplateId : null) ??
    available[0]?.templateId ??
    null;
  const template = available.find((entry) => entry.templateId === templateId);
  const labels =
    template?.groups.map(
      (group, index) => group.label || intl.formatMessage(messages.unnamedGroup, { number: index + 1 }),
    ) ?? [];
  // Exactly one row per recipient group of the chosen template.
  const rows = labels.map((_, index) => entries[index] ?? blankEntry);
  const problems = checkRecipients(rows, labels);
  const shownProblems = attempted ? problems : [];
  const shownNaming = namingOf(naming, template?.name ?? "", rows[0]?.name ?? "", intl);
  const name = shownNaming.name;
  const nameWrong = nameProblem(DocumentNameSchema, name);
  const shownNameProblem = attempted && nameWrong !== null ? formatPhrase(intl, nameWrong) : null;
  const known = useMemo(
    () => (documents.status === "ready" ? recentRecipients(documents.value.documents) : []),
    [documents],
  );
  const knownNames = useMemo(
    () => [...new Map(known.map((entry) => [entry.name.toLowerCase(), entry.name])).values()],
    [known],
  );

  const edit = (index: number, field: "name" | "email", value: string) => {
    setServiceError(null);
    setEntries(rows.map((row, at) => (at === index ? editRow(row, field, value, known) : row)));
  };

  const submit = async () => {
    if (underway.current) return;
    setAttempted(true);
    setServiceError(null);
    if (template === undefined) return;
    if (hasRecipientProblems(problems) || nameWrong !== null) {
      // Take the user to the first field to correct.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    underway.current = true;
    setSending(true);
    try {
      const result = await withProgress(
        bridge,
        ["checking"],
        ({ done, total }) => setChecking({ done, total }),
        (transferId) =>
          bridge.documentsSend({
            templateId: template.templateId,
            recipients: rows.map((row) => ({ name: row.name.trim(), email: row.email.trim() })),
            documentName: name,
            ...(shownNaming.subject.trim() === "" ? {} : { emailSubject: shownNaming.subject.trim() }),
            transferId,
          }),
      );
      if (result.ok) onSent(result.value.pdfId);
      else if (result.error.code === queuedCode) setQueued(result.error.message);
      else {
        setServiceError(result.error);
        setUnknownOutcome(result.error.code === "outcome_unknown");
      }
    } catch (error) {
      setServiceError({ code: "internal", message: String(error) });
    } finally {
      underway.current = false;
      setChecking(null);
      setSending(false);
    }
  };

  const problemTexts = [
    ...recipientProblemList(shownProblems).map((problem) => formatPhrase(intl, problem.words)),
    shownNameProblem,
  ].filter((text) => text !== null);
  const problemCount = problemTexts.length;

  return (
    <section className="screen send-screen" aria-labelledby="send-title">
      <header className="screen-header with-actions">
        <h1 id="send-title" tabIndex={-1} ref={heading}>
          {intl.formatMessage(messages.title)}
        </h1>
      </header>
      <div className="screen-body">
        <p className="screen-summary">{intl.formatMessage(messages.intro)}</p>
        {templates.status === "loading" && <p className="muted">{intl.formatMessage(messages.loadingTemplates)}</p>}
        {templates.status === "failed" && (
          <p className="problem" role="alert">
            {intl.formatMessage(messages.templatesFailed, { reason: templates.message })}
          </p>
        )}
        {templates.status === "ready" && available.length === 0 && (
          <>
            <p className="notice">{intl.formatMessage(messages.noTemplates)}</p>
            <div className="form-actions">
              <button type="button" onClick={onCancel}>
                {intl.formatMessage(messages.back)}
              </button>
            </div>
          </>
        )}
        {queued !== null && (
          <QueuedNotice message={queued} focusOnMount>
            <button type="button" onClick={onCancel}>
              {intl.formatMessage(messages.backToDocuments)}
            </button>
          </QueuedNotice>
        )}
        {template !== undefined && queued === null && (
          <form
            ref={form}
            className="send-form"
            noValidate
            aria-labelledby="send-title"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {initialMissing && <p className="notice">{intl.formatMessage(messages.templateMissing)}</p>}
            <div className="form-field">
              <label htmlFor={`${ids}-template`}>{intl.formatMessage(messages.template)}</label>
              <select
                id={`${ids}-template`}
                value={template.templateId}
                disabled={sending}
                aria-describedby={`${ids}-template-about`}
                onChange={(event) => {
                  setChosen(event.target.value);
                  setNaming(
                    editsForNewTemplate(naming, shownNaming, defaultDocumentName(template.name, rows[0]?.name, intl)),
                  );
                  setServiceError(null);
                  setUnknownOutcome(false);
                }}
              >
                {available.map((entry) => (
                  <option key={entry.templateId} value={entry.templateId}>
                    {intl.formatMessage(messages.templateOption, {
                      name: entry.name,
                      earlier: entry.supersededBy === undefined ? "no" : "yes",
                      count: entry.groups.length,
                    })}
                  </option>
                ))}
              </select>
              <span id={`${ids}-template-about`} className="muted small">
                <FormattedMessage
                  {...messages.templateAbout}
                  values={{
                    groups: intl.formatList(
                      // biome-ignore lint/suspicious/noArrayIndexKey: recipient groups are fixed by the template, in order.
                      labels.map((label, index) => <bdi key={index}>{label}</bdi>),
                      { type: "unit" },
                    ),
                    source: template.source === "by-id" ? "byId" : "created",
                    when: formatWhen(intl, template.createdAt),
                  }}
                />
              </span>
            </div>

            <datalist id={`${ids}-names`}>
              {knownNames.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <datalist id={`${ids}-emails`}>
              {known.map((entry) => (
                <option key={entry.email} value={entry.email} label={entry.name} />
              ))}
            </datalist>

            <fieldset className="recipients-fieldset" disabled={sending}>
              <legend>{intl.formatMessage(messages.recipients)}</legend>
              {known.length > 0 && <p className="muted small">{intl.formatMessage(messages.recentSuggested)}</p>}
              {rows.map((row, index) => (
                <RecipientFields
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row is recipient group number index + 1, fixed by the template.
                  key={`${template.templateId}-${index}`}
                  idPrefix={ids}
                  index={index}
                  label={labels[index] ?? ""}
                  row={row}
                  problems={shownProblems[index] ?? {}}
                  nameList={`${ids}-names`}
                  emailList={`${ids}-emails`}
                  onEdit={(field, value) => edit(index, field, value)}
                />
              ))}
            </fieldset>

            <DocumentNameFields
              idPrefix={ids}
              naming={shownNaming}
              disabled={sending}
              nameProblem={shownNameProblem}
              onName={(value) => {
                setNaming({ ...naming, name: value });
                setServiceError(null);
              }}
              onSubject={(value) => setNaming({ ...naming, subject: value })}
            />

            {problemCount > 0 && (
              <p className="problem" role="alert">
                {intl.formatMessage(messages.fieldsNeedCorrecting, {
                  count: problemCount,
                  problems: problemTexts.join(" "),
                })}
              </p>
            )}
            {checking !== null && <CheckingNotice done={checking.done} total={checking.total} />}
            {serviceError !== null && (
              <ServiceFailure
                bridge={bridge}
                error={serviceError}
                lead={intl.formatMessage(messages.failureLead)}
                afterMove={intl.formatMessage(messages.failureAfterMove)}
              />
            )}

            <div className="form-actions">
              <button type="button" onClick={onCancel} disabled={sending}>
                {intl.formatMessage(messages.cancel)}
              </button>
              <button type="submit" className="primary" disabled={sending}>
                {intl.formatMessage(
                  checking !== null
                    ? messages.checking
                    : sending
                      ? messages.sending
                      : unknownOutcome
                        ? messages.sendAgain
                        : messages.send,
                )}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
