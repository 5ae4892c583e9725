import { useId } from "react";
import type { BulkColumnMapping } from "../../../common/bulk";
import { RecipientGroupLegend } from "../../recipients/RecipientFields";

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
            {header.trim() === "" ? `Column ${index + 1}` : header}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which column holds each recipient group's name and e-mail, the document name and the subject. */
export function ColumnMapping({ headers, labels, mapping, onChange }: ColumnMappingProps) {
  const ids = useId();
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
              label="Name column"
              headers={headers}
              value={group.name}
              noneLabel="Choose a column"
              onChange={(name) => setGroup({ ...group, name })}
            />
            <ColumnSelect
              id={`${ids}-email-${index}`}
              label="E-mail column"
              headers={headers}
              value={group.email}
              noneLabel="Choose a column"
              onChange={(email) => setGroup({ ...group, email })}
            />
          </fieldset>
        );
      })}
      <div className="bulk-mapping-optional">
        <ColumnSelect
          id={`${ids}-document-name`}
          label="Document name column (optional)"
          headers={headers}
          value={mapping.documentName}
          noneLabel="None: the template's name and the first recipient's"
          onChange={(documentName) => onChange({ ...mapping, documentName })}
        />
        <ColumnSelect
          id={`${ids}-subject`}
          label="E-mail subject column (optional)"
          headers={headers}
          value={mapping.emailSubject}
          noneLabel="None: “Please sign:” and the document's name"
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
