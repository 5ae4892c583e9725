import { type ReactNode, type Ref, useId, useRef } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import { useModal } from "../hooks/useModal";

const messages = defineMessages({
  cancel: {
    id: "components.formDialog.cancel",
    defaultMessage: "Cancel",
    description: "Closes a dialog's form without doing what it is for.",
  },
});

interface FormDialogProps {
  title: ReactNode;
  /** Added to "dialog" on the element. */
  className?: string;
  /** The id of what says what the dialog is for (its aria-describedby). */
  describedBy?: string;
  /** While true, the buttons are disabled and Escape does not close it. */
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  /** The submit button's words while busy ("Renaming…"). */
  busyLabel: string;
  cancelLabel?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A modal form: its title, fields, and Cancel and submit buttons. Escape and Cancel close it unless it is busy; Enter
 * submits; the focus returns to what opened it (useModal).
 */
export function FormDialog({
  title,
  className,
  describedBy,
  busy,
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  cancelLabel,
  formRef,
  children,
}: FormDialogProps) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(dialog);
  return (
    <dialog
      ref={dialog}
      className={className === undefined ? "dialog" : `dialog ${className}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            {cancelLabel ?? intl.formatMessage(messages.cancel)}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
