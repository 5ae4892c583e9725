import { useEffect } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  undo: { id: "components.undoToast.undo", defaultMessage: "Undo" },
});

export interface UndoOffer {
  message: string;
  undo: () => void;
}

/** A short-lived notice with an Undo button (Ctrl/Cmd+Z also undoes while it is shown). */
export function UndoToast({ offer, onDone }: { offer: UndoOffer | null; onDone: () => void }) {
  const intl = useIntl();
  useEffect(() => {
    if (offer === null) return;
    const timer = setTimeout(onDone, 10_000);
    return () => clearTimeout(timer);
  }, [offer, onDone]);
  if (offer === null) return null;
  return (
    <div className="toast" role="status">
      <span>{offer.message}</span>
      <button
        type="button"
        onClick={() => {
          offer.undo();
          onDone();
        }}
      >
        {intl.formatMessage(messages.undo)}
      </button>
    </div>
  );
}
