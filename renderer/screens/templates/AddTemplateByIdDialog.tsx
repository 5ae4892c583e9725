import { useId, useRef, useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { TemplateRecord } from "../../../common/records";
import {
  hasTemplateByIdProblems,
  type SeenTemplateId,
  type TemplateByIdProblems,
  templateByIdProblems,
} from "../../../common/template-by-id";
import { FormDialog } from "../../components/FormDialog";
import { formatWhen } from "../../format/when";
import { useResource } from "../../hooks/useResource";
import "../documents/documents.css";
import "./add-by-id.css";
import type { PhraseOrText } from "../../../common/i18n/phrase";
import { formatPhrase } from "../../i18n/format-phrase";

interface AddTemplateByIdDialogProps {
  bridge: SigndeskApi;
  /** The active account's name, to say where the template is added. */
  accountName: string | null;
  onClose: () => void;
  onAdded: (template: TemplateRecord) => void;
}

const appName = "Signdesk";

const messages = defineMessages({
  seen: {
    id: "templates.byId.seen",
    defaultMessage: "“{name}”, {count, plural, one {# document} other {# documents}} (latest {when}) · {templateId}",
    description:
      "A template ID the account's documents were sent from: the latest document's name, how many documents, when the latest was sent, the ID.",
  },
  groupLabel: {
    id: "templates.byId.groupLabel",
    defaultMessage: "Recipient {number, number}",
    description: "The label a new recipient group starts with (the person may change it).",
  },
  title: { id: "templates.byId.title", defaultMessage: "Add a template by ID" },
  submit: { id: "templates.byId.submit", defaultMessage: "Add template" },
  busy: { id: "templates.byId.busy", defaultMessage: "Adding…" },
  about: {
    id: "templates.byId.about",
    defaultMessage:
      "For a template made in the service’s web app{hasAccount, select, yes { with <bdi>{account}</bdi>} other {}}. {appName} cannot read templates from the service: enter its recipient groups in the template’s order. The service checks the ID and the number of recipients when you send.",
    description: "{account} is the name of the account at the signing service.",
  },
  templateId: { id: "templates.byId.templateId", defaultMessage: "Template ID" },
  templateIdHint: {
    id: "templates.byId.templateIdHint",
    defaultMessage: "The ID the service’s web app shows for the template (usually a UUID).",
  },
  pick: { id: "templates.byId.pick", defaultMessage: "Or pick one your documents were sent from" },
  choose: { id: "templates.byId.choose", defaultMessage: "Choose a template ID…" },
  pickHint: {
    id: "templates.byId.pickHint",
    defaultMessage: "IDs named by imported documents that no template listed here has.",
  },
  name: { id: "templates.byId.name", defaultMessage: "Name", description: "The template's name." },
  nameHint: {
    id: "templates.byId.nameHint",
    defaultMessage: "How {appName} lists the template and names the documents sent from it.",
  },
  groups: { id: "templates.byId.groups", defaultMessage: "Recipient groups" },
  groupsHint: {
    id: "templates.byId.groupsHint",
    defaultMessage:
      "One per recipient the template has, in its order: group 1 is the service’s recipient 1. The Send screen asks for one recipient per group.",
  },
  labelOf: { id: "templates.byId.labelOf", defaultMessage: "Label of group {number, number}" },
  removeGroup: {
    id: "templates.byId.removeGroup",
    defaultMessage: "Remove<hidden> group {number, number}</hidden>",
    description: "Removes a recipient group; <hidden> is read by assistive technology only.",
  },
  addGroup: { id: "templates.byId.addGroup", defaultMessage: "Add a group" },
  correct: { id: "templates.byId.correct", defaultMessage: "Correct the fields marked before adding the template." },
  refused: { id: "templates.byId.refused", defaultMessage: "The template was not added: {reason}" },
});

const noProblems: TemplateByIdProblems = { labels: [] };

function describeSeen(intl: IntlShape, seen: SeenTemplateId): string {
  return intl.formatMessage(messages.seen, {
    name: seen.latestName,
    count: seen.documentCount,
    when: formatWhen(intl, seen.latestAt),
    templateId: seen.templateId,
  });
}

/**
 * Adds a template made outside Signdesk (in the service's web app) by its ID: its name and its recipient groups,
 * in the template's order, are what the Send screen asks recipients for. IDs the account's documents name, and
 * that no listed template has, are offered.
 */
export function AddTemplateByIdDialog({ bridge, accountName, onClose, onAdded }: AddTemplateByIdDialogProps) {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const [seen] = useResource(() => bridge.templatesSeenIds(), [bridge]);
  const [templateId, setTemplateId] = useState("");
  const [name, setName] = useState("");
  const [labels, setLabels] = useState<string[]>(() => [intl.formatMessage(messages.groupLabel, { number: 1 })]);
  const [problems, setProblems] = useState<TemplateByIdProblems>(noProblems);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = useId();
  const id = (part: string) => `${ids}-${part}`;

  const input = () => ({ templateId, name, groups: labels.map((label) => ({ label })) });
  // Once a save was tried, the problems follow the edits (and disappear as they are corrected).
  const edited = (next: Partial<{ templateId: string; name: string; labels: string[] }>) => {
    setRefusal(null);
    if (!attempted) return;
    const merged = { templateId, name, labels, ...next };
    setProblems(
      templateByIdProblems({
        templateId: merged.templateId,
        name: merged.name,
        groups: merged.labels.map((label) => ({ label })),
      }),
    );
  };
  const setId = (value: string) => {
    setTemplateId(value);
    edited({ templateId: value });
  };
  const setLabel = (index: number, value: string) => {
    const next = labels.map((label, at) => (at === index ? value : label));
    setLabels(next);
    edited({ labels: next });
  };
  const addGroup = () => {
    const next = [...labels, intl.formatMessage(messages.groupLabel, { number: labels.length + 1 })];
    setLabels(next);
    edited({ labels: next });
    requestAnimationFrame(() => document.getElementById(id(`label-${next.length - 1}`))?.focus());
  };
  const removeGroup = (index: number) => {
    const next = labels.filter((_, at) => at !== index);
    setLabels(next);
    edited({ labels: next });
    requestAnimationFrame(() => document.getElementById(id(`label-${Math.min(index, next.length - 1)}`))?.focus());
  };

  const submit = async () => {
    setAttempted(true);
    setRefusal(null);
    const found = templateByIdProblems(input());
    setProblems(found);
    if (hasTemplateByIdProblems(found)) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setBusy(true);
    try {
      const result = await bridge.templatesAddById(input());
      if (result.ok) onAdded(result.value);
      else setRefusal(result.error.message);
    } catch (error) {
      setRefusal(String(error));
    } finally {
      setBusy(false);
    }
  };

  const offered = seen.status === "ready" ? seen.value : [];
  const described = (problemId: string, problem: PhraseOrText | undefined, hint?: string) =>
    [problem === undefined ? null : problemId, hint ?? null].filter(Boolean).join(" ") || undefined;

  return (
    <FormDialog
      title={intl.formatMessage(messages.title)}
      className="add-by-id-dialog"
      describedBy={id("about")}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={intl.formatMessage(messages.submit)}
      busyLabel={intl.formatMessage(messages.busy)}
      formRef={form}
    >
      <p id={id("about")} className="add-by-id-about">
        <FormattedMessage
          {...messages.about}
          values={{
            hasAccount: accountName === null ? "no" : "yes",
            account: accountName ?? "",
            appName,
            bdi: (chunks) => <bdi>{chunks}</bdi>,
          }}
        />
      </p>
      <fieldset disabled={busy}>
        <div className="form-field">
          <label htmlFor={id("templateId")}>{intl.formatMessage(messages.templateId)}</label>
          <input
            id={id("templateId")}
            className="template-id-input"
            value={templateId}
            maxLength={400}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={problems.templateId !== undefined}
            aria-describedby={described(id("templateId-problem"), problems.templateId, id("templateId-hint"))}
            onChange={(event) => setId(event.target.value)}
          />
          {problems.templateId !== undefined && (
            <span className="field-problem" id={id("templateId-problem")}>
              {formatPhrase(intl, problems.templateId)}
            </span>
          )}
          <span className="muted small add-by-id-hint" id={id("templateId-hint")}>
            {intl.formatMessage(messages.templateIdHint)}
          </span>
        </div>

        {offered.length > 0 && (
          <div className="form-field">
            <label htmlFor={id("seen")}>{intl.formatMessage(messages.pick)}</label>
            <select
              id={id("seen")}
              value={offered.some((entry) => entry.templateId === templateId.trim()) ? templateId.trim() : ""}
              aria-describedby={id("seen-hint")}
              onChange={(event) => {
                const picked = offered.find((entry) => entry.templateId === event.target.value);
                if (picked === undefined) return;
                setId(picked.templateId);
                if (name.trim() === "") {
                  setName(picked.latestName);
                  edited({ templateId: picked.templateId, name: picked.latestName });
                }
              }}
            >
              <option value="">{intl.formatMessage(messages.choose)}</option>
              {offered.map((entry) => (
                <option key={entry.templateId} value={entry.templateId}>
                  {describeSeen(intl, entry)}
                </option>
              ))}
            </select>
            <span className="muted small add-by-id-hint" id={id("seen-hint")}>
              {intl.formatMessage(messages.pickHint)}
            </span>
          </div>
        )}

        <div className="form-field">
          <label htmlFor={id("name")}>{intl.formatMessage(messages.name)}</label>
          <input
            id={id("name")}
            value={name}
            maxLength={400}
            autoComplete="off"
            aria-invalid={problems.name !== undefined}
            aria-describedby={described(id("name-problem"), problems.name, id("name-hint"))}
            onChange={(event) => {
              setName(event.target.value);
              edited({ name: event.target.value });
            }}
          />
          {problems.name !== undefined && (
            <span className="field-problem" id={id("name-problem")}>
              {formatPhrase(intl, problems.name)}
            </span>
          )}
          <span className="muted small add-by-id-hint" id={id("name-hint")}>
            {intl.formatMessage(messages.nameHint, { appName })}
          </span>
        </div>

        <fieldset className="add-by-id-groups" aria-describedby={id("groups-hint")}>
          <legend>{intl.formatMessage(messages.groups)}</legend>
          <p className="muted small add-by-id-hint" id={id("groups-hint")}>
            {intl.formatMessage(messages.groupsHint)}
          </p>
          <ol className="add-by-id-group-list">
            {labels.map((label, index) => {
              const problem = problems.labels[index];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row is group number index + 1; its label is what changes.
                <li key={index} className="add-by-id-group">
                  <span className="group-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="form-field">
                    <label htmlFor={id(`label-${index}`)}>
                      {intl.formatMessage(messages.labelOf, { number: index + 1 })}
                    </label>
                    <input
                      id={id(`label-${index}`)}
                      value={label}
                      maxLength={120}
                      autoComplete="off"
                      aria-invalid={problem !== undefined}
                      aria-describedby={problem === undefined ? undefined : id(`label-${index}-problem`)}
                      onChange={(event) => setLabel(index, event.target.value)}
                    />
                    {problem !== undefined && (
                      <span className="field-problem" id={id(`label-${index}-problem`)}>
                        {formatPhrase(intl, problem)}
                      </span>
                    )}
                  </div>
                  <button type="button" disabled={labels.length === 1} onClick={() => removeGroup(index)}>
                    <FormattedMessage
                      {...messages.removeGroup}
                      values={{
                        number: index + 1,
                        hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                      }}
                    />
                  </button>
                </li>
              );
            })}
          </ol>
          {problems.groups !== undefined && (
            <span className="field-problem">{formatPhrase(intl, problems.groups)}</span>
          )}
          <div>
            <button type="button" onClick={addGroup}>
              {intl.formatMessage(messages.addGroup)}
            </button>
          </div>
        </fieldset>
      </fieldset>

      {attempted && hasTemplateByIdProblems(problems) && (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.correct)}
        </p>
      )}
      {refusal !== null && (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.refused, { reason: refusal })}
        </p>
      )}
    </FormDialog>
  );
}
