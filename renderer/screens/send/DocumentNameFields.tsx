import { maxEmailSubjectLength } from "../../../common/bulk";
import { maxRecordNameLength } from "../../../common/record-names";
import type { Naming } from "./document-naming";

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
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${ids}-document-name`}>Document name</label>
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
          How Signdesk lists it and names its signed PDF; it follows the first recipient’s name until you change it.
          Kept on this computer: the service takes no name when sending, and calls it by the template’s name.
        </span>
      </div>

      <div className="form-field">
        <label htmlFor={`${ids}-subject`}>E-mail subject</label>
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
          “Please sign:” and the document’s name until you change it (also when left empty).
        </span>
      </div>
    </>
  );
}
