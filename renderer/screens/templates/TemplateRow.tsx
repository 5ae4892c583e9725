import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { TemplateRecord } from "../../../common/records";
import type { TemplateVersions } from "../../../common/template-versions";
import { type MenuAction, MenuButton } from "../../components/MenuButton";
import { formatWhen } from "../../format/when";
import { TemplateIdCopy } from "./TemplateIdCopy";

const messages = defineMessages({
  made: {
    id: "templates.row.made",
    defaultMessage: "{source, select, byId {added by ID} other {created}} {when}",
    description: "When the template was added to the list ({when}: 'just now', '5 minutes ago', a date).",
  },
  notSent: { id: "templates.row.notSent", defaultMessage: "not sent yet" },
  lastSent: { id: "templates.row.lastSent", defaultMessage: "last sent {when}" },
  sendToMany: { id: "templates.row.sendToMany", defaultMessage: "Send to many…" },
  rename: { id: "templates.row.rename", defaultMessage: "Rename…" },
  newVersion: { id: "templates.row.newVersion", defaultMessage: "New version from its draft" },
  remove: { id: "templates.row.remove", defaultMessage: "Remove…" },
  meta: {
    id: "templates.row.meta",
    defaultMessage:
      "Recipient groups: {groups}{version, plural, =0 {} other { · version #}} · {made} · {lastUse} · {copy}",
    description:
      "A template's details: its recipient groups' labels, its version number (when it has earlier versions), when it was made, when it was last sent, then its ID and a Copy button.",
  },
  send: { id: "templates.row.send", defaultMessage: "Send…", description: "Sends a document from the template." },
  more: {
    id: "templates.row.more",
    defaultMessage: "More",
    description: "Opens the menu of the template's other actions.",
  },
  moreFor: {
    id: "templates.row.moreFor",
    defaultMessage: "actions for {name}",
    description: "Read after 'More' by assistive technology: 'More actions for Lease'.",
  },
  earlier: {
    id: "templates.row.earlier",
    defaultMessage: "Earlier versions ({count, number})<hidden> of {name}</hidden>",
    description: "<hidden> is read by assistive technology only.",
  },
  earlierList: { id: "templates.row.earlierList", defaultMessage: "Earlier versions of {name}" },
  versionOf: {
    id: "templates.row.versionOf",
    defaultMessage: "version {number, number} of {name}",
    description: "Names an earlier version of a template, for assistive technology: 'Send… version 2 of Lease'.",
  },
  earlierMeta: {
    id: "templates.row.earlierMeta",
    defaultMessage: "Version {number, number}: “{name}” · {made} · {lastUse} · {copy}",
  },
});

function made(intl: IntlShape, template: TemplateRecord): string {
  return intl.formatMessage(messages.made, {
    source: template.source === "by-id" ? "byId" : "created",
    when: formatWhen(intl, template.createdAt),
  });
}

function lastUse(intl: IntlShape, template: TemplateRecord, lastSent: ReadonlyMap<string, string>): string {
  const at = lastSent.get(template.templateId);
  return at === undefined
    ? intl.formatMessage(messages.notSent)
    : intl.formatMessage(messages.lastSent, { when: formatWhen(intl, at) });
}

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
  const more: MenuAction[] = [
    { label: intl.formatMessage(messages.sendToMany), onSelect: () => onSendToMany(current) },
    { label: intl.formatMessage(messages.rename), onSelect: () => onRename(current) },
    ...(current.draftId === null
      ? []
      : [{ label: intl.formatMessage(messages.newVersion), onSelect: () => onNewVersion(current) }]),
    { label: intl.formatMessage(messages.remove), onSelect: () => onRemove(current), danger: true },
  ];
  const send = intl.formatMessage(messages.send);
  return (
    <li className="template-row">
      <div className="template-row-top">
        <div className="draft-main">
          <span className="template-name">
            <bdi>{current.name}</bdi>
          </span>
          <span className="draft-meta">
            <FormattedMessage
              {...messages.meta}
              values={{
                groups: intl.formatList(
                  current.groups.map((group) => group.label),
                  { type: "unit", style: "short" },
                ),
                version: earlier.length === 0 ? 0 : earlier.length + 1,
                made: made(intl, current),
                lastUse: lastUse(intl, current, lastSent),
                copy: <TemplateIdCopy bridge={bridge} templateId={current.templateId} templateName={current.name} />,
              }}
            />
          </span>
        </div>
        <div className="row-actions">
          <button type="button" className="primary" onClick={() => onSend(current)}>
            {send}
            <span className="visually-hidden"> {current.name}</span>
          </button>
          <MenuButton
            label={intl.formatMessage(messages.more)}
            hiddenLabel={` ${intl.formatMessage(messages.moreFor, { name: current.name })}`}
            actions={more}
          />
        </div>
      </div>
      {earlier.length > 0 && (
        <details className="earlier-versions">
          <summary>
            <FormattedMessage
              {...messages.earlier}
              values={{
                count: earlier.length,
                name: current.name,
                hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
              }}
            />
          </summary>
          <ul aria-label={intl.formatMessage(messages.earlierList, { name: current.name })}>
            {earlier.map((template, index) => {
              const versionOf = intl.formatMessage(messages.versionOf, {
                number: earlier.length - index,
                name: current.name,
              });
              // Named for assistive technology: each row's buttons are otherwise all "Send…" and "Remove…".
              const which = <span className="visually-hidden"> {versionOf}</span>;
              return (
                <li key={template.templateId}>
                  <span className="draft-meta">
                    <FormattedMessage
                      {...messages.earlierMeta}
                      values={{
                        number: earlier.length - index,
                        name: <bdi>{template.name}</bdi>,
                        made: made(intl, template),
                        lastUse: lastUse(intl, template, lastSent),
                        copy: (
                          <TemplateIdCopy bridge={bridge} templateId={template.templateId} templateName={versionOf} />
                        ),
                      }}
                    />
                  </span>
                  <div className="row-actions">
                    <button type="button" onClick={() => onSend(template)}>
                      {send}
                      {which}
                    </button>
                    <button type="button" className="danger" onClick={() => onRemove(template)}>
                      {intl.formatMessage(messages.remove)}
                      {which}
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
