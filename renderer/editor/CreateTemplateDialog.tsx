import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { EventPayload, SigndeskApi } from "../../common/contract";
import type { DraftGroup } from "../../common/draft";
import { defineMessages } from "../../common/i18n/define-messages";
import { queuedCode } from "../../common/outbox";
import { checkRecipients, recipientLabel, recipientProblemList } from "../../common/recipient-checks";
import type { IpcError } from "../../common/result";
import { CheckingNotice, ServiceFailure } from "../components/ServiceFailure";
import { formatPhrase } from "../i18n/format-phrase";
import { RecipientFields } from "../recipients/RecipientFields";
import { blankEntry, type RecipientEntry } from "../recipients/recipients";
import { withProgress } from "../with-progress";

const messages = defineMessages({
  created: { id: "editor.create.created", defaultMessage: "Template “{name}” created." },
  createdAndSent: {
    id: "editor.create.createdAndSent",
    defaultMessage: "Template created and sent to {count, plural, one {# recipient(s)} other {# recipient(s)}}.",
  },
  withNotice: {
    id: "editor.create.withNotice",
    defaultMessage: "{done} {notice}",
    description: "What was done, then the service's own notice about it.",
  },
  title: { id: "editor.create.title", defaultMessage: "Create template" },
  sendNow: { id: "editor.create.sendNow", defaultMessage: "Send it now to one recipient per group" },
  autoRelease: {
    id: "editor.create.autoRelease",
    defaultMessage: "Release the signed PDF as soon as everyone has signed",
  },
  subject: { id: "editor.create.subject", defaultMessage: "E-mail subject (optional)" },
  serviceLead: {
    id: "editor.create.serviceLead",
    defaultMessage: "The service did not create the template",
    description: "Followed by a colon and the service's reason.",
  },
  afterMove: {
    id: "editor.create.afterMove",
    defaultMessage: "create the template again to upload it there.",
    description: "Ends 'The account now uses <account>. Nothing was sent: …'.",
  },
  unchanged: { id: "editor.create.unchanged", defaultMessage: "Your draft is unchanged." },
  uploading: { id: "editor.create.uploading", defaultMessage: "Uploading" },
  preparing: { id: "editor.create.preparing", defaultMessage: "Preparing…" },
  uploadingPercent: { id: "editor.create.uploadingPercent", defaultMessage: "Uploading {done, number, percent}" },
  cancel: { id: "editor.create.cancel", defaultMessage: "Cancel" },
  checking: { id: "editor.create.checking", defaultMessage: "Checking whether it was sent…" },
  again: { id: "editor.create.again", defaultMessage: "Create again anyway" },
  createAndSend: { id: "editor.create.createAndSend", defaultMessage: "Create and send" },
  create: { id: "editor.create.submit", defaultMessage: "Create template" },
});

interface CreateTemplateDialogProps {
  bridge: SigndeskApi;
  draftId: string;
  groups: DraftGroup[];
  /** Problems that block creation, found before anything is uploaded. */
  blockers: string[];
  /** Stores the draft as shown (waiting for main to make it first, if need be); rejects saying why it cannot. */
  beforeUpload: () => Promise<void>;
  onClose: () => void;
  onCreated: (message: string) => void;
  /** The service could not be reached: the upload waits in the Outbox (main's words why, and when it goes). */
  onQueued: (message: string) => void;
}

/** "Create template" or "Create and send": checks first, then uploads with a progress bar; the draft stays. */
export function CreateTemplateDialog({
  bridge,
  draftId,
  groups,
  blockers,
  beforeUpload,
  onClose,
  onCreated,
  onQueued,
}: CreateTemplateDialogProps) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const [send, setSend] = useState(false);
  const [autoRelease, setAutoRelease] = useState(true);
  const [subject, setSubject] = useState("");
  const [recipients, setRecipients] = useState<RecipientEntry[]>(() => groups.map(() => blankEntry));
  /** Create was pressed: the problems are shown (and kept current as the fields change). */
  const [attempted, setAttempted] = useState(false);
  const [progress, setProgress] = useState<Omit<EventPayload<"transfer:progress">, "transferId"> | null>(null);
  const [serviceError, setServiceError] = useState<IpcError | null>(null);
  /** The draft could not be stored before the upload (nothing was uploaded). */
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  /** The last upload's outcome is unknown: creating again is a choice made knowingly. */
  const [unknownOutcome, setUnknownOutcome] = useState(false);
  /** An upload is under way: a second press (before the button shows it) does nothing. */
  const underway = useRef(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // The Send screen's own check (common/recipient-checks.ts): each problem is marked on its field.
  const labels = groups.map((group) => group.label);
  const rowProblems = send ? checkRecipients(recipients, labels) : [];
  const shownRows = attempted ? rowProblems : [];
  const problems = attempted
    ? [
        ...blockers,
        ...recipientProblemList(rowProblems).map((problem) => formatPhrase(intl, problem.words)),
        ...(saveProblem === null ? [] : [saveProblem]),
      ]
    : [];

  const submit = async () => {
    if (underway.current) return;
    setAttempted(true);
    setServiceError(null);
    setSaveProblem(null);
    if (blockers.length > 0 || recipientProblemList(rowProblems).length > 0) {
      // Take the person to the first field to correct.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    underway.current = true;
    setProgress({ kind: "upload", done: 0, total: null });
    try {
      try {
        await beforeUpload();
      } catch (error) {
        // Nothing was uploaded: the draft could not be stored as it is (main refused the file, or a save failed).
        setSaveProblem(error instanceof Error ? error.message : String(error));
        return;
      }
      const result = await withProgress(
        bridge,
        "all",
        ({ kind, done, total }) => setProgress({ kind, done, total }),
        (transferId) =>
          bridge.templatesCreate({
            draftId,
            transferId,
            autoReleaseSignatures: autoRelease,
            ...(send
              ? {
                  send: {
                    recipients: recipients.map((recipient) => ({
                      name: recipient.name.trim(),
                      email: recipient.email.trim(),
                    })),
                    ...(subject.trim() === "" ? {} : { emailSubject: subject.trim() }),
                  },
                }
              : {}),
          }),
      );
      if (!result.ok && result.error.code === queuedCode) {
        onQueued(result.error.message);
        return;
      }
      if (!result.ok) {
        setServiceError(result.error);
        setUnknownOutcome(result.error.code === "outcome_unknown");
        return;
      }
      const done =
        result.value.document === null
          ? intl.formatMessage(messages.created, { name: result.value.template.name })
          : intl.formatMessage(messages.createdAndSent, { count: recipients.length });
      onCreated(
        result.value.notice === undefined
          ? done
          : intl.formatMessage(messages.withNotice, { done, notice: formatPhrase(intl, result.value.notice) }),
      );
    } finally {
      underway.current = false;
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="create-title"
      onCancel={(event) => (busy ? event.preventDefault() : onClose())}
    >
      <form
        ref={form}
        method="dialog"
        // The checks below name each problem; the browser's own would stop at the first, in its own words.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="create-title">{intl.formatMessage(messages.title)}</h2>
        <fieldset disabled={busy}>
          <label className="check">
            <input type="checkbox" checked={send} onChange={(event) => setSend(event.target.checked)} />{" "}
            {intl.formatMessage(messages.sendNow)}
          </label>
          <label className="check">
            <input type="checkbox" checked={autoRelease} onChange={(event) => setAutoRelease(event.target.checked)} />{" "}
            {intl.formatMessage(messages.autoRelease)}
          </label>
          {send && (
            <div className="recipients-form">
              {groups.map((group, index) => (
                <RecipientFields
                  key={group.id}
                  idPrefix={ids}
                  index={index}
                  label={formatPhrase(intl, recipientLabel(labels, index))}
                  row={recipients[index] ?? blankEntry}
                  problems={shownRows[index] ?? {}}
                  onEdit={(field, value) =>
                    setRecipients(recipients.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)))
                  }
                />
              ))}
              <label>
                <span>{intl.formatMessage(messages.subject)}</span>
                <input value={subject} maxLength={300} onChange={(event) => setSubject(event.target.value)} />
              </label>
            </div>
          )}
        </fieldset>
        {problems.length > 0 && (
          // The alert around the list: on the <ul> itself, the role would hide that it is a list.
          <div className="problem problem-list" role="alert">
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {serviceError !== null && (
          <ServiceFailure
            bridge={bridge}
            error={serviceError}
            lead={intl.formatMessage(messages.serviceLead)}
            afterMove={intl.formatMessage(messages.afterMove)}
          />
        )}
        {serviceError !== null && <p className="muted small">{intl.formatMessage(messages.unchanged)}</p>}
        {progress?.kind === "checking" && <CheckingNotice done={progress.done} total={progress.total} />}
        {progress !== null && progress.kind !== "checking" && (
          <div className="progress">
            <progress
              value={progress.total === null ? undefined : progress.done}
              max={progress.total ?? undefined}
              aria-label={intl.formatMessage(messages.uploading)}
            />
            <span>
              {progress.total === null
                ? intl.formatMessage(messages.preparing)
                : intl.formatMessage(messages.uploadingPercent, {
                    done: Math.round((100 * progress.done) / progress.total) / 100,
                  })}
            </span>
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            {intl.formatMessage(messages.cancel)}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {intl.formatMessage(
              progress?.kind === "checking"
                ? messages.checking
                : unknownOutcome
                  ? messages.again
                  : send
                    ? messages.createAndSend
                    : messages.create,
            )}
          </button>
        </div>
      </form>
    </dialog>
  );
}
