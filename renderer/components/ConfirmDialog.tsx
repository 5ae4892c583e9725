import { type ReactNode, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import { useModal } from "../hooks/useModal";
import "./settings.css";

const messages = defineMessages({
  cancel: {
    id: "components.confirmDialog.cancel",
    defaultMessage: "Cancel",
    description: "Closes a confirmation dialog without doing what it asks about.",
  },
});

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Runs the action: answers null when done, or the message to show in the dialog. */
  onConfirm: () => Promise<string | null>;
  /** Called after the action succeeded, or when the user cancels (Cancel or Escape). */
  onClose: (confirmed: boolean) => void;
}

/**
 * A modal confirmation for a destructive action: Cancel has the focus, Escape cancels, the action's error
 * stays in the dialog, and the focus returns to the button that opened it.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const bodyId = useId();

  // The button that opened the dialog gets the focus back (the caller may then move it elsewhere).
  useModal(dialog);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    let failure: string | null;
    try {
      failure = await onConfirm();
    } catch (error) {
      failure = (error as Error).message;
    }
    setBusy(false);
    if (failure === null) onClose(true);
    else setProblem(failure);
  };

  return (
    <dialog
      ref={dialog}
      className="dialog settings-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose(false);
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      {problem !== null && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the least destructive choice takes the focus in a confirmation. */}
        <button type="button" autoFocus onClick={() => onClose(false)} disabled={busy}>
          {intl.formatMessage(messages.cancel)}
        </button>
        <button type="button" className="danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
