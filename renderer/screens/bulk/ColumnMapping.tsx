import { useId } from "react";
import { useIntl } from "react-intl";
import type { BulkColumnMapping } from "../../../common/bulk";
import { defineMessages } from "../../../common/i18n/define-messages";
import { RecipientGroupLegend } from "../../recipients/RecipientFields";

const messages = defineMessages({
  unnamedColumn: {
    id: "bulk.columns.unnamedColumn",
    defaultMessage: "Column {number, number}",
    description: "A column of the CSV file whose header is blank, by its place (1 for the first).",
  },
  nameColumn: {
    id: "bulk.columns.nameColumn",
    defaultMessage: "Name column",
    description: "Which column of the CSV file holds this recipient group's names.",
  },
  emailColumn: {
    id: "bulk.columns.emailColumn",
    defaultMessage: "E-mail column",
    description: "Which column of the CSV file holds this recipient group's e-mail addresses.",
  },
  chooseColumn: { id: "bulk.columns.choose", defaultMessage: "Choose a column" },
  documentNameColumn: { id: "bulk.columns.documentName", defaultMessage: "Document name column (optional)" },
  documentNameNone: {
    id: "bulk.columns.documentNameNone",
    defaultMessage: "None: the template's name and the first recipient's",
    description: "No document name column: each document is named after the template and its first recipient.",
  },
  subjectColumn: { id: "bulk.columns.subject", defaultMessage: "E-mail subject column (optional)" },
  subjectNone: {
    id: "bulk.columns.subjectNone",
    defaultMessage: "None: “Please sign:” and the document's name",
    description: "No e-mail subject column: the default subject, as the e-mail says it, is used.",
  },
});

interface ColumnMappingProps {
  headers: readonly string[];
  labels: readonly string[];
  mapping: BulkColumnMapping;
  onChange: (mapping: BulkColumnMapping) => void;
}

/** A select of the file's columns (by header), or none. */
function ColumnSelect({
  id,
  label,
  headers,
  value,
  noneLabel,
  onChange,
}: {
  id: string;
  label: string;
  headers: readonly string[];
  value: number | null;
  noneLabel: string;
  onChange: (column: number | null) => void;
}) {
  const intl = useIntl();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value === null ? "" : String(value)}
        onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      >
        <option value="">{noneLabel}</option>
        {headers.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their place in the file.
          <option key={index} value={String(index)}>
            {header.trim() === "" ? intl.formatMessage(messages.unnamedColumn, { number: index + 1 }) : header}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which column holds each recipient group's name and e-mail, the document name and the subject. */
export function ColumnMapping({ headers, labels, mapping, onChange }: ColumnMappingProps) {
  const intl = useIntl();
  const ids = useId();
  const chooseColumn = intl.formatMessage(messages.chooseColumn);
  return (
    <div className="bulk-mapping">
      {labels.map((label, index) => {
        const group = mapping.groups[index] ?? { name: null, email: null };
        const setGroup = (next: typeof group) =>
          onChange({ ...mapping, groups: mapping.groups.map((entry, at) => (at === index ? next : entry)) });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: recipient groups are fixed by the template, in order.
          <fieldset className="recipient-group" key={index}>
            <RecipientGroupLegend index={index} label={label} />
            <ColumnSelect
              id={`${ids}-name-${index}`}
              label={intl.formatMessage(messages.nameColumn)}
              headers={headers}
              value={group.name}
              noneLabel={chooseColumn}
              onChange={(name) => setGroup({ ...group, name })}
            />
            <ColumnSelect
              id={`${ids}-email-${index}`}
              label={intl.formatMessage(messages.emailColumn)}
              headers={headers}
              value={group.email}
              noneLabel={chooseColumn}
              onChange={(email) => setGroup({ ...group, email })}
            />
          </fieldset>
        );
      })}
      <div className="bulk-mapping-optional">
        <ColumnSelect
          id={`${ids}-document-name`}
          label={intl.formatMessage(messages.documentNameColumn)}
          headers={headers}
          value={mapping.documentName}
          noneLabel={intl.formatMessage(messages.documentNameNone)}
          onChange={(documentName) => onChange({ ...mapping, documentName })}
        />
        <ColumnSelect
          id={`${ids}-subject`}
          label={intl.formatMessage(messages.subjectColumn)}
          headers={headers}
          value={mapping.emailSubject}
          noneLabel={intl.formatMessage(messages.subjectNone)}
          onChange={(emailSubject) => onChange({ ...mapping, emailSubject })}
        />
      </div>
    </div>
  );
}

/** The recipient groups whose name or e-mail column is not chosen yet. */
export function unmappedGroups(mapping: BulkColumnMapping, labels: readonly string[]): string[] {
  return labels.filter((_, index) => {
    const group = mapping.groups[index];
    return group === undefined || group.name === null || group.email === null;
  });
}
