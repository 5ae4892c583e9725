import { useId, useRef, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import { maxRecordNameLength, nameProblem, TemplateNameSchema } from "../../../common/record-names";
import type { TemplateRecord } from "../../../common/records";
import { useModal } from "../../hooks/useModal";

interface RenameTemplateDialogProps {
  bridge: SigndeskApi;
  template: TemplateRecord;
  onClose: () => void;
  onRenamed: (template: TemplateRecord) => void;
}

/** Renames a template in Signdesk's list; the service keeps the name it was created with. */
export function RenameTemplateDialog({ bridge, template, onClose, onRenamed }: RenameTemplateDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(template.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  useModal(dialog);

  const save = async () => {
    const wrong = nameProblem(TemplateNameSchema, name);
    setProblem(wrong);
    if (wrong !== null) return;
    setBusy(true);
    const result = await bridge.templatesRename({ templateId: template.templateId, name });
    setBusy(false);
    if (result.ok) onRenamed(result.value);
    else setProblem(result.error.message);
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id={`${ids}-title`}>Rename “{template.name}”</h2>
        <fieldset disabled={busy}>
          <label htmlFor={`${ids}-name`}>Name</label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={maxRecordNameLength}
            autoFocus
            aria-invalid={problem !== null}
            aria-describedby={`${ids}-hint${problem === null ? "" : ` ${ids}-problem`}`}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
          />
          {problem !== null && (
            <span className="field-problem" id={`${ids}-problem`} role="alert">
              {problem}
            </span>
          )}
          <p className="template-hint" id={`${ids}-hint`}>
            The new name is kept in Signdesk on this computer: the service has no way to rename a template, so it keeps
            the name the template was created with.
          </p>
        </fieldset>
        <div className="dialog-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Renaming…" : "Rename"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
