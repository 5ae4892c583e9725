import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { OutboxItem } from "../../../common/outbox";
import { checkRecipients, hasRecipientProblems, recipientProblemList } from "../../../common/recipient-checks";
import { formatPhrase } from "../../i18n/format-phrase";
import { RecipientFields } from "../../recipients/RecipientFields";
import type { RecipientEntry } from "../../recipients/recipients";

const messages = defineMessages({
  recipientNumber: {
    id: "outbox.editRecipients.recipientNumber",
    defaultMessage: "Recipient {number, number}",
    description: "A recipient's label when the template names none: 'Recipient 2'.",
  },
  fieldsNeedCorrecting: {
    id: "outbox.editRecipients.fieldsNeedCorrecting",
    defaultMessage: "{count, plural, =1 {One field needs} other {# fields need}} correcting: {problems}",
    description: "{problems}: what is wrong with each field, one sentence each.",
  },
  notChanged: {
    id: "outbox.editRecipients.notChanged",
    defaultMessage: "The recipients were not changed: {reason}",
  },
  formLabel: {
    id: "outbox.editRecipients.formLabel",
    defaultMessage: "Change the recipients of “{title}”",
    description: "The form's accessible name; {title}: the send's document name.",
  },
  legend: { id: "outbox.editRecipients.legend", defaultMessage: "Recipients" },
  keep: {
    id: "outbox.editRecipients.keep",
    defaultMessage: "Keep the recipients",
    description: "Button: closes the form without changing anything.",
  },
  changing: { id: "outbox.editRecipients.changing", defaultMessage: "Changing…" },
  changeAndSend: {
    id: "outbox.editRecipients.changeAndSend",
    defaultMessage: "Change and send again",
    description: "Button: saves the new recipients and queues the send again.",
  },
});

interface EditRecipientsFormProps {
  bridge: SigndeskApi;
  /** A failed send: one row per recipient it had, in order. */
  item: OutboxItem;
  /** Main took the new recipients and queued the send again. */
  onChanged: () => void;
  onCancel: () => void;
}

/**
 * Changes a failed send's recipients in place (the service refused one of them): one name and e-mail per recipient,
 * checked as the Send screen checks them before anything goes to main, which queues the send again.
 */
export function EditRecipientsForm({ bridge, item, onChanged, onCancel }: EditRecipientsFormProps) {
  const intl = useIntl();
  const [rows, setRows] = useState<RecipientEntry[]>(() => item.recipients.map(({ name, email }) => ({ name, email })));
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  // A template's groups name its recipients; a send from a template knows only their number.
  const labels = rows.map((_, index) =>
    item.groups.length === rows.length
      ? (item.groups[index] ?? "")
      : intl.formatMessage(messages.recipientNumber, { number: index + 1 }),
  );
  const problems = checkRecipients(rows, labels);
  const shown = attempted ? problems : [];
  const problemTexts = recipientProblemList(shown).map((problem) => formatPhrase(intl, problem.words));

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, []);

  const submit = async () => {
    setAttempted(true);
    setRefusal(null);
    if (hasRecipientProblems(problems)) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setSaving(true);
    try {
      const result = await bridge.outboxEditRecipients({
        itemId: item.itemId,
        recipients: rows.map((row) => ({ name: row.name.trim(), email: row.email.trim() })),
      });
      if (result.ok) onChanged();
      else setRefusal(result.error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={form}
      className="send-form outbox-edit-form"
      noValidate
      aria-label={intl.formatMessage(messages.formLabel, { title: item.title })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="recipients-fieldset" disabled={saving}>
        <legend>{intl.formatMessage(messages.legend)}</legend>
        {rows.map((row, index) => (
          <RecipientFields
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is recipient number index + 1, fixed by the send.
            key={index}
            idPrefix={ids}
            index={index}
            label={labels[index] ?? ""}
            row={row}
            problems={shown[index] ?? {}}
            onEdit={(field, value) => {
              setRefusal(null);
              setRows(rows.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)));
            }}
          />
        ))}
      </fieldset>
      {problemTexts.length > 0 && (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.fieldsNeedCorrecting, {
            count: problemTexts.length,
            problems: problemTexts.join(" "),
          })}
        </p>
      )}
      {refusal !== null && (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.notChanged, { reason: refusal })}
        </p>
      )}
      <div className="form-actions">
        <button type="button" onClick={onCancel} disabled={saving}>
          {intl.formatMessage(messages.keep)}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {intl.formatMessage(saving ? messages.changing : messages.changeAndSend)}
        </button>
      </div>
    </form>
  );
}
