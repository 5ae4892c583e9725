import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { RecipientRowProblems } from "../../common/recipient-checks";
import type { RecipientEntry } from "./recipients";
import "../screens/documents/documents.css";
import { formatPhrase } from "../i18n/format-phrase";

const messages = defineMessages({
  name: { id: "recipients.fields.name", defaultMessage: "Name", description: "A recipient's name." },
  email: { id: "recipients.fields.email", defaultMessage: "E-mail", description: "A recipient's e-mail address." },
});

/** A recipient group's legend: its number (as on the editor's fields) and its label. */
export function RecipientGroupLegend({ index, label }: { index: number; label: string }) {
  return (
    <legend>
      <span className="group-number" aria-hidden="true">
        {index + 1}
      </span>
      {label}
    </legend>
  );
}

interface RecipientFieldsProps {
  /** Unique on the page: the inputs' ids start with it. */
  idPrefix: string;
  /** The recipient's place (0-based): shown as its number. */
  index: number;
  /** The recipient group's label: the fieldset's name. */
  label: string;
  row: RecipientEntry;
  /** What is wrong with the row, shown under each field (common/recipient-checks.ts). */
  problems: RecipientRowProblems;
  /** Ids of <datalist>s of known names and addresses to suggest. */
  nameList?: string;
  emailList?: string;
  onEdit: (field: "name" | "email", value: string) => void;
}

/** One recipient: a group of a name and an e-mail field, each with its problem named under it. */
export function RecipientFields({
  idPrefix,
  index,
  label,
  row,
  problems,
  nameList,
  emailList,
  onEdit,
}: RecipientFieldsProps) {
  const intl = useIntl();
  const field = (name: "name" | "email") => {
    const id = `${idPrefix}-${name}-${index}`;
    const words = problems[name]?.words;
    const problem = words === undefined ? undefined : formatPhrase(intl, words);
    return (
      <div className="form-field">
        <label htmlFor={id}>{intl.formatMessage(name === "name" ? messages.name : messages.email)}</label>
        <input
          id={id}
          type={name === "email" ? "email" : undefined}
          value={row[name]}
          list={name === "name" ? nameList : emailList}
          autoComplete="off"
          maxLength={name === "name" ? 200 : undefined}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : `${id}-problem`}
          onChange={(event) => onEdit(name, event.target.value)}
        />
        {problem !== undefined && (
          <span className="field-problem" id={`${id}-problem`}>
            {problem}
          </span>
        )}
      </div>
    );
  };
  return (
    <fieldset className="recipient-group">
      <RecipientGroupLegend index={index} label={label} />
      {field("name")}
      {field("email")}
    </fieldset>
  );
}
