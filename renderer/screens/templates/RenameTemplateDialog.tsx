import { useId, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import { maxRecordNameLength, nameProblem, TemplateNameSchema } from "../../../common/record-names";
import type { TemplateRecord } from "../../../common/records";
import { FormDialog } from "../../components/FormDialog";

interface RenameTemplateDialogProps {
  bridge: SigndeskApi;
  template: TemplateRecord;
  onClose: () => void;
  onRenamed: (template: TemplateRecord) => void;
}

/** Renames a template in Signdesk's list; the service keeps the name it was created with. */
export function RenameTemplateDialog({ bridge, template, onClose, onRenamed }: RenameTemplateDialogProps) {
  const [name, setName] = useState(template.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

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
    <FormDialog
      title={<>Rename “{template.name}”</>}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel="Rename"
      busyLabel="Renaming…"
    >
      <fieldset disabled={busy}>
        <label htmlFor={`${ids}-name`}>Name</label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={maxRecordNameLength}
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
    </FormDialog>
  );
}
