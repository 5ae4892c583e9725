import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { maxRecordNameLength, nameProblem, TemplateNameSchema } from "../../../common/record-names";
import type { TemplateRecord } from "../../../common/records";
import { FormDialog } from "../../components/FormDialog";
import { formatPhrase } from "../../i18n/format-phrase";

const appName = "Signdesk";

const messages = defineMessages({
  title: { id: "templates.rename.title", defaultMessage: "Rename “{name}”" },
  submit: { id: "templates.rename.submit", defaultMessage: "Rename" },
  busy: { id: "templates.rename.busy", defaultMessage: "Renaming…" },
  name: { id: "templates.rename.name", defaultMessage: "Name", description: "The template's new name." },
  hint: {
    id: "templates.rename.hint",
    defaultMessage:
      "The new name is kept in {appName} on this computer: the service has no way to rename a template, so it keeps the name the template was created with.",
  },
});

interface RenameTemplateDialogProps {
  bridge: SigndeskApi;
  template: TemplateRecord;
  onClose: () => void;
  onRenamed: (template: TemplateRecord) => void;
}

/** Renames a template in Signdesk's list; the service keeps the name it was created with. */
export function RenameTemplateDialog({ bridge, template, onClose, onRenamed }: RenameTemplateDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState(template.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const save = async () => {
    const wrong = nameProblem(TemplateNameSchema, name);
    setProblem(wrong === null ? null : formatPhrase(intl, wrong));
    if (wrong !== null) return;
    setBusy(true);
    const result = await bridge.templatesRename({ templateId: template.templateId, name });
    setBusy(false);
    if (result.ok) onRenamed(result.value);
    else setProblem(result.error.message);
  };

  return (
    <FormDialog
      title={<FormattedMessage {...messages.title} values={{ name: <bdi>{template.name}</bdi> }} />}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={intl.formatMessage(messages.submit)}
      busyLabel={intl.formatMessage(messages.busy)}
    >
      <fieldset disabled={busy}>
        <label htmlFor={`${ids}-name`}>{intl.formatMessage(messages.name)}</label>
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
          {intl.formatMessage(messages.hint, { appName })}
        </p>
      </fieldset>
    </FormDialog>
  );
}
