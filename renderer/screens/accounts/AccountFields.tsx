import { type RefObject, useId, useState } from "react";
import { useIntl } from "react-intl";
import type { z } from "zod";
import { type Account, AccountNameSchema } from "../../../common/accounts";
import { ApiKeyInputSchema } from "../../../common/api-key";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { MessageDescriptor, PhraseOrText } from "../../../common/i18n/phrase";
import { issueWords } from "../../../common/schema-words";
import { addressExamples, checkServiceAddress, describeAddressProblem } from "../../../common/service-address";
import { formatPhrase } from "../../i18n/format-phrase";
import "../../components/settings.css";
import "./accounts.css";
import "./account-fields.css";

export type CoordinateOrigin = Account["coordinateOrigin"];

export interface AccountDraft {
  name: string;
  baseUrl: string;
  coordinateOrigin: CoordinateOrigin;
}

export interface AccountProblems {
  name?: PhraseOrText;
  baseUrl?: PhraseOrText;
  apiKey?: PhraseOrText;
}

const messages = defineMessages({
  topLeft: {
    id: "accounts.fields.origin.topLeft",
    defaultMessage: "Top-left",
    description: "Coordinate origin choice: positions measured from the page's top-left corner.",
  },
  topLeftExplanation: {
    id: "accounts.fields.origin.topLeftExplanation",
    defaultMessage: "y is measured down from the top of the page, as the service documents it. The usual choice.",
    description: "y: the vertical coordinate.",
  },
  bottomLeft: {
    id: "accounts.fields.origin.bottomLeft",
    defaultMessage: "Bottom-left",
    description: "Coordinate origin choice: positions measured from the page's bottom-left corner.",
  },
  bottomLeftExplanation: {
    id: "accounts.fields.origin.bottomLeftExplanation",
    defaultMessage: "y is measured up from the bottom of the page, as in PDF. Choose it if fields land upside down.",
    description: "y: the vertical coordinate.",
  },
  name: { id: "accounts.fields.name", defaultMessage: "Name", description: "Label: the account's name." },
  serviceAddress: { id: "accounts.fields.serviceAddress", defaultMessage: "Service address" },
  sandboxAddressHint: {
    id: "accounts.fields.sandboxAddressHint",
    defaultMessage: "The built-in sandbox runs on this computer; its address follows it and cannot be changed.",
  },
  addressHint: {
    id: "accounts.fields.addressHint",
    defaultMessage:
      "The service's base URL, https://. Plain http:// is accepted only for this computer (localhost, 127.0.0.1).",
  },
  advanced: { id: "accounts.fields.advanced", defaultMessage: "Advanced settings" },
  coordinateOrigin: {
    id: "accounts.fields.coordinateOrigin",
    defaultMessage: "Coordinate origin",
    description: "Where field positions on a page are measured from.",
  },
  coordinateOriginHint: {
    id: "accounts.fields.coordinateOriginHint",
    defaultMessage: "Where the service measures field positions from on each page.",
  },
});

const origins: readonly { value: CoordinateOrigin; label: MessageDescriptor; explanation: MessageDescriptor }[] = [
  { value: "top-left", label: messages.topLeft, explanation: messages.topLeftExplanation },
  { value: "bottom-left", label: messages.bottomLeft, explanation: messages.bottomLeftExplanation },
];

/** The first message of a failed parse, or undefined when `value` passes. */
function problemOf(schema: z.ZodType, value: unknown): PhraseOrText | undefined {
  const parsed = schema.safeParse(value);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue === undefined ? undefined : issueWords(issue);
}

/**
 * The checks made before main is asked, by the rules main applies (common/): the name, the service address and,
 * when one is typed, the API key. Main checks again; its message is shown if it still refuses.
 */
export function checkAccountDraft(
  draft: AccountDraft,
  options: { checkUrl: boolean; apiKey?: string },
): AccountProblems {
  const problems: AccountProblems = {};
  const name = problemOf(AccountNameSchema, draft.name);
  if (name !== undefined) problems.name = name;
  if (options.checkUrl) {
    const address = checkServiceAddress(draft.baseUrl, "base");
    if (!address.ok) problems.baseUrl = describeAddressProblem(address.problem, addressExamples.base);
  }
  const apiKey = options.apiKey === undefined ? undefined : problemOf(ApiKeyInputSchema, options.apiKey);
  if (apiKey !== undefined) problems.apiKey = apiKey;
  return problems;
}

interface AccountFieldsProps {
  draft: AccountDraft;
  onChange: (draft: AccountDraft) => void;
  problems: AccountProblems;
  /** The sandbox's address follows the built-in sandbox: shown, not editable. */
  fixedUrl?: boolean;
  /** "API key" when adding, "Replace API key" when editing; absent: no key field (the sandbox's). */
  keyField?: { label: string; hint: string; required: boolean };
  /** The key's input (uncontrolled: read on submit, cleared after). */
  keyRef?: RefObject<HTMLInputElement | null>;
  /** Prefix of the fields' ids (`<prefix>-name`, `<prefix>-baseUrl`, `<prefix>-apiKey`), for focusing after an error. */
  idPrefix: string;
}

/** Name, base URL, coordinate origin (under "Advanced settings") and (uncontrolled, so that it never reaches the page's markup) the API key. */
export function AccountFields({
  draft,
  onChange,
  problems,
  fixedUrl = false,
  keyField,
  keyRef,
  idPrefix,
}: AccountFieldsProps) {
  const intl = useIntl();
  const originName = useId();
  const [advancedAtFirst] = useState(draft.coordinateOrigin !== "top-left");
  const id = (field: string) => `${idPrefix}-${field}`;
  const described = (field: keyof AccountProblems, hint?: string) =>
    [problems[field] === undefined ? null : id(`${field}-problem`), hint ?? null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <>
      <div className="settings-field">
        <label htmlFor={id("name")}>{intl.formatMessage(messages.name)}</label>
        <input
          id={id("name")}
          value={draft.name}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
          aria-invalid={problems.name !== undefined}
          aria-describedby={described("name")}
        />
        {problems.name !== undefined && (
          <span className="field-problem" id={id("name-problem")} role="alert">
            {formatPhrase(intl, problems.name)}
          </span>
        )}
      </div>

      <div className="settings-field">
        <label htmlFor={id("baseUrl")}>{intl.formatMessage(messages.serviceAddress)}</label>
        <input
          id={id("baseUrl")}
          type="url"
          inputMode="url"
          value={draft.baseUrl}
          placeholder="https://api.example.com"
          spellCheck={false}
          autoComplete="off"
          readOnly={fixedUrl}
          onChange={(event) => onChange({ ...draft, baseUrl: event.target.value })}
          aria-invalid={problems.baseUrl !== undefined}
          aria-describedby={described("baseUrl", id("baseUrl-hint"))}
        />
        {problems.baseUrl !== undefined && (
          <span className="field-problem" id={id("baseUrl-problem")} role="alert">
            {formatPhrase(intl, problems.baseUrl)}
          </span>
        )}
        <span className="settings-hint" id={id("baseUrl-hint")}>
          {intl.formatMessage(fixedUrl ? messages.sandboxAddressHint : messages.addressHint)}
        </span>
      </div>

      {/* Most accounts never need it: folded, open at first only when set to the unusual choice. */}
      <details className="account-advanced" open={advancedAtFirst}>
        <summary>{intl.formatMessage(messages.advanced)}</summary>
        <fieldset className="settings-fieldset">
          <legend>{intl.formatMessage(messages.coordinateOrigin)}</legend>
          <p className="settings-hint">{intl.formatMessage(messages.coordinateOriginHint)}</p>
          {origins.map((origin) => (
            <label key={origin.value} className="settings-choice">
              <input
                type="radio"
                name={originName}
                value={origin.value}
                checked={draft.coordinateOrigin === origin.value}
                onChange={() => onChange({ ...draft, coordinateOrigin: origin.value })}
              />
              <span>
                {intl.formatMessage(origin.label)}
                <span className="settings-hint">{intl.formatMessage(origin.explanation)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </details>

      {keyField !== undefined && (
        <div className="settings-field">
          <label htmlFor={id("apiKey")}>{keyField.label}</label>
          <input
            ref={keyRef}
            id={id("apiKey")}
            type="password"
            autoComplete="off"
            spellCheck={false}
            maxLength={4096}
            required={keyField.required}
            aria-invalid={problems.apiKey !== undefined}
            aria-describedby={described("apiKey", id("apiKey-hint"))}
          />
          {problems.apiKey !== undefined && (
            <span className="field-problem" id={id("apiKey-problem")} role="alert">
              {formatPhrase(intl, problems.apiKey)}
            </span>
          )}
          <span className="settings-hint" id={id("apiKey-hint")}>
            {keyField.hint}
          </span>
        </div>
      )}
    </>
  );
}
