import { useIntl } from "react-intl";
import { maxEmailSubjectLength } from "../../../common/bulk";
import { defineMessages } from "../../../common/i18n/define-messages";
import { maxRecordNameLength } from "../../../common/record-names";
import type { Naming } from "./document-naming";

const messages = defineMessages({
  documentName: { id: "send.naming.documentName", defaultMessage: "Document name" },
  documentNameHint: {
    id: "send.naming.documentNameHint",
    defaultMessage:
      "How {product} lists it and names its signed PDF; it follows the first recipient’s name until you change it. Kept on this computer: the service takes no name when sending, and calls it by the template’s name.",
    description: "Under the document name's field on the Send screen.",
  },
  subject: { id: "send.naming.subject", defaultMessage: "E-mail subject" },
  subjectHint: {
    id: "send.naming.subjectHint",
    defaultMessage: "“Please sign:” and the document’s name until you change it (also when left empty).",
    description: "Under the e-mail subject's field: the default subject, as the e-mail says it.",
  },
});

interface DocumentNameFieldsProps {
  idPrefix: string;
  naming: Naming;
  disabled: boolean;
  /** What is wrong with the name, shown once the person tried to send; null: nothing. */
  nameProblem: string | null;
  onName: (name: string) => void;
  onSubject: (subject: string) => void;
}

/** The Send screen's document name and e-mail subject, each following its default until the person edits it. */
export function DocumentNameFields({
  idPrefix: ids,
  naming,
  disabled,
  nameProblem,
  onName,
  onSubject,
}: DocumentNameFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${ids}-document-name`}>{intl.formatMessage(messages.documentName)}</label>
        <input
          id={`${ids}-document-name`}
          dir="auto"
          value={naming.name}
          maxLength={maxRecordNameLength}
          disabled={disabled}
          aria-invalid={nameProblem !== null}
          aria-describedby={`${ids}-document-name-hint${nameProblem === null ? "" : ` ${ids}-document-name-problem`}`}
          onChange={(event) => onName(event.target.value)}
        />
        {nameProblem !== null && (
          <span className="field-problem" id={`${ids}-document-name-problem`}>
            {nameProblem}
          </span>
        )}
        <span id={`${ids}-document-name-hint`} className="muted small">
          {intl.formatMessage(messages.documentNameHint, { product: "Signdesk" })}
        </span>
      </div>

      <div className="form-field">
        <label htmlFor={`${ids}-subject`}>{intl.formatMessage(messages.subject)}</label>
        <input
          id={`${ids}-subject`}
          dir="auto"
          value={naming.subject}
          placeholder={naming.defaultSubject}
          maxLength={maxEmailSubjectLength}
          disabled={disabled}
          aria-describedby={`${ids}-subject-hint`}
          onChange={(event) => onSubject(event.target.value)}
        />
        <span id={`${ids}-subject-hint`} className="muted small">
          {intl.formatMessage(messages.subjectHint)}
        </span>
      </div>
    </>
  );
}
