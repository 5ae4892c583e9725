import { type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import type { TemplateRecord } from "../../../common/records";
import type { TemplateVersions } from "../../../common/template-versions";
import { type MenuAction, MenuButton } from "../../components/MenuButton";
import { formatWhen } from "../../format/when";
import { TemplateIdCopy } from "./TemplateIdCopy";

interface TemplateRowProps {
  bridge: SigndeskApi;
  versions: TemplateVersions;
  /** When each template was last sent (by template ID). */
  lastSent: ReadonlyMap<string, string>;
  onSend: (template: TemplateRecord) => void;
  onSendToMany: (template: TemplateRecord) => void;
  onRename: (template: TemplateRecord) => void;
  onNewVersion: (template: TemplateRecord) => void;
  onRemove: (template: TemplateRecord) => void;
}

function made(intl: IntlShape, template: TemplateRecord): string {
  return `${template.source === "by-id" ? "added by ID" : "created"} ${formatWhen(intl, template.createdAt)}`;
}

function lastUse(intl: IntlShape, template: TemplateRecord, lastSent: ReadonlyMap<string, string>): string {
  const at = lastSent.get(template.templateId);
  return at === undefined ? "not sent yet" : `last sent ${formatWhen(intl, at)}`;
}

/**
 * A template as listed: its newest version with what can be done with it (Send…, the rest under "More"), its ID
 * short with a copy button, its earlier versions folded.
 */
export function TemplateRow({
  bridge,
  versions,
  lastSent,
  onSend,
  onSendToMany,
  onRename,
  onNewVersion,
  onRemove,
}: TemplateRowProps) {
  const intl = useIntl();
  const { current, earlier } = versions;
  const version = earlier.length === 0 ? "" : ` · version ${earlier.length + 1}`;
  const more: MenuAction[] = [
    { label: "Send to many…", onSelect: () => onSendToMany(current) },
    { label: "Rename…", onSelect: () => onRename(current) },
    ...(current.draftId === null
      ? []
      : [{ label: "New version from its draft", onSelect: () => onNewVersion(current) }]),
    { label: "Remove…", onSelect: () => onRemove(current), danger: true },
  ];
  return (
    <li className="template-row">
      <div className="template-row-top">
        <div className="draft-main">
          <span className="template-name">{current.name}</span>
          <span className="draft-meta">
            Recipient groups: {current.groups.map((group) => group.label).join(", ")}
            {version} · {made(intl, current)} · {lastUse(intl, current, lastSent)} ·{" "}
            <TemplateIdCopy bridge={bridge} templateId={current.templateId} templateName={current.name} />
          </span>
        </div>
        <div className="row-actions">
          <button type="button" className="primary" onClick={() => onSend(current)}>
            Send…<span className="visually-hidden"> {current.name}</span>
          </button>
          <MenuButton label="More" hiddenLabel={` actions for ${current.name}`} actions={more} />
        </div>
      </div>
      {earlier.length > 0 && (
        <details className="earlier-versions">
          <summary>
            Earlier versions ({earlier.length})<span className="visually-hidden"> of {current.name}</span>
          </summary>
          <ul aria-label={`Earlier versions of ${current.name}`}>
            {earlier.map((template, index) => {
              // Named for assistive technology: each row's buttons are otherwise all "Send…" and "Remove…".
              const which = (
                <span className="visually-hidden">
                  {" "}
                  version {earlier.length - index} of {current.name}
                </span>
              );
              return (
                <li key={template.templateId}>
                  <span className="draft-meta">
                    Version {earlier.length - index}: “{template.name}” · {made(intl, template)} ·{" "}
                    {lastUse(intl, template, lastSent)} ·{" "}
                    <TemplateIdCopy
                      bridge={bridge}
                      templateId={template.templateId}
                      templateName={`version ${earlier.length - index} of ${current.name}`}
                    />
                  </span>
                  <div className="row-actions">
                    <button type="button" onClick={() => onSend(template)}>
                      Send…{which}
                    </button>
                    <button type="button" className="danger" onClick={() => onRemove(template)}>
                      Remove…{which}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </li>
  );
}
