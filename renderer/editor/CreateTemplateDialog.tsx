import { useEffect, useId, useRef, useState } from "react";
import type { EventPayload, SigndeskApi } from "../../common/contract";
import type { DraftGroup } from "../../common/draft";
import { queuedCode } from "../../common/outbox";
import { checkRecipients, recipientLabel, recipientProblemList } from "../../common/recipient-checks";
import type { IpcError } from "../../common/result";
import { CheckingNotice, ServiceFailure } from "../components/ServiceFailure";
import { RecipientFields } from "../recipients/RecipientFields";
import { blankEntry, type RecipientEntry } from "../recipients/recipients";
import { withProgress } from "../with-progress";

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
        ...recipientProblemList(rowProblems).map((problem) => problem.message),
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
          ? `Template “${result.value.template.name}” created.`
          : `Template created and sent to ${recipients.length} recipient(s).`;
      onCreated(result.value.notice === undefined ? done : `${done} ${result.value.notice}`);
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
        <h2 id="create-title">Create template</h2>
        <fieldset disabled={busy}>
          <label className="check">
            <input type="checkbox" checked={send} onChange={(event) => setSend(event.target.checked)} /> Send it now to
            one recipient per group
          </label>
          <label className="check">
            <input type="checkbox" checked={autoRelease} onChange={(event) => setAutoRelease(event.target.checked)} />{" "}
            Release the signed PDF as soon as everyone has signed
          </label>
          {send && (
            <div className="recipients-form">
              {groups.map((group, index) => (
                <RecipientFields
                  key={group.id}
                  idPrefix={ids}
                  index={index}
                  label={recipientLabel(labels, index)}
                  row={recipients[index] ?? blankEntry}
                  problems={shownRows[index] ?? {}}
                  onEdit={(field, value) =>
                    setRecipients(recipients.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)))
                  }
                />
              ))}
              <label>
                <span>E-mail subject (optional)</span>
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
            lead="The service did not create the template"
            afterMove="create the template again to upload it there."
          />
        )}
        {serviceError !== null && <p className="muted small">Your draft is unchanged.</p>}
        {progress?.kind === "checking" && <CheckingNotice done={progress.done} total={progress.total} />}
        {progress !== null && progress.kind !== "checking" && (
          <div className="progress">
            <progress
              value={progress.total === null ? undefined : progress.done}
              max={progress.total ?? undefined}
              aria-label="Uploading"
            />
            <span>
              {progress.total === null
                ? "Preparing…"
                : `Uploading ${Math.round((100 * progress.done) / progress.total)}%`}
            </span>
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {progress?.kind === "checking"
              ? "Checking whether it was sent…"
              : unknownOutcome
                ? "Create again anyway"
                : send
                  ? "Create and send"
                  : "Create template"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
