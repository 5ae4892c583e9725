import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import "./settings.css";

const messages = defineMessages({
  copied: { id: "components.copyField.copied", defaultMessage: "Copied." },
  copyRefused: {
    id: "components.copyField.copyRefused",
    defaultMessage: "Copying is not allowed here. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
  },
  copy: {
    id: "components.copyField.copy",
    defaultMessage: "Copy<hidden> {label}</hidden>",
    description: "A button that copies a value; <hidden> is read by screen readers only: 'Copy Signing secret'.",
  },
});

type Outcome = "copied" | "refused";

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The label is read by assistive technology only (the context already says what this is). */
  hideLabel?: boolean;
  /** Focus the field and select its text when it appears (e.g. a secret shown once). */
  focusOnMount?: boolean;
  describedBy?: string;
}

/**
 * A value to copy: a read-only field (its text selectable, so Ctrl+C works even where the clipboard
 * is refused, as the app's permission handler may do) and a Copy button.
 */
export function CopyField({ id, label, value, hideLabel = false, focusOnMount = false, describedBy }: CopyFieldProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!focusOnMount) return;
    input.current?.focus();
    input.current?.select();
  }, [focusOnMount]);

  useEffect(() => {
    if (outcome === null) return;
    const timer = setTimeout(() => setOutcome(null), 8000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    const field = input.current;
    try {
      await navigator.clipboard.writeText(value);
      setOutcome("copied");
      return;
    } catch {
      // Refused (no clipboard permission): fall back to the selection.
    }
    field?.focus();
    field?.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    setOutcome(copied ? "copied" : "refused");
  };

  return (
    <div className="copy-field">
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : "copy-field-label"}>
        {label}
      </label>
      <div className="copy-field-row">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={describedBy}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          <FormattedMessage
            {...messages.copy}
            values={{ label, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }}
          />
        </button>
      </div>
      <span className="copy-field-outcome" role="status">
        {outcome === null ? null : intl.formatMessage(outcome === "copied" ? messages.copied : messages.copyRefused)}
      </span>
    </div>
  );
}
