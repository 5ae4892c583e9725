import { useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ResultOf, SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { WebhookRecord } from "../../../common/records";
import { addressExamples, checkServiceAddress, describeAddressProblem } from "../../../common/service-address";
import { eventTypes, type WebhookEventType } from "./event-types";
import "../../components/settings.css";
import { formatPhrase } from "../../i18n/format-phrase";

const messages = defineMessages({
  alreadyRegistered: {
    id: "webhooks.register.alreadyRegistered",
    defaultMessage:
      "This address is already registered for {eventType}. To change its secret, delete it and register it again.",
    description: "{eventType}: the event's code, such as document.signed.",
  },
  secretEmpty: { id: "webhooks.register.secretEmpty", defaultMessage: "Enter your secret, or choose “Generate one”." },
  secretTooLong: {
    id: "webhooks.register.secretTooLong",
    defaultMessage: "The secret is longer than {max, number} characters.",
  },
  notRegistered: { id: "webhooks.register.notRegistered", defaultMessage: "The webhook was not registered: {reason}" },
  title: { id: "webhooks.register.title", defaultMessage: "Register a webhook" },
  address: { id: "webhooks.register.address", defaultMessage: "Address to notify" },
  addressHint: {
    id: "webhooks.register.addressHint",
    defaultMessage: "An https:// address. Plain http:// is accepted only for this computer (localhost, 127.0.0.1).",
  },
  notifyWhen: { id: "webhooks.register.notifyWhen", defaultMessage: "Notify when" },
  event: {
    id: "webhooks.register.event",
    defaultMessage: "{event} <code>{eventType}</code>",
    description: "A choice of event: its words, then its code ('A recipient signs a document document.signed').",
  },
  secretLegend: { id: "webhooks.register.secretLegend", defaultMessage: "Signing secret" },
  secretHint: {
    id: "webhooks.register.secretHint",
    defaultMessage:
      "With a secret, the service signs every delivery (header <code>x-webhook-signature</code>: HMAC-SHA256 of the body), so your endpoint can tell that it comes from the service.",
  },
  generate: { id: "webhooks.register.generate", defaultMessage: "Generate one (shown once, after registering)" },
  own: { id: "webhooks.register.own", defaultMessage: "Use my own secret" },
  ownLabel: { id: "webhooks.register.ownLabel", defaultMessage: "Your secret" },
  none: { id: "webhooks.register.none", defaultMessage: "No secret (deliveries are not signed)" },
  busy: { id: "webhooks.register.busy", defaultMessage: "Registering…" },
  submit: { id: "webhooks.register.submit", defaultMessage: "Register webhook" },
});

/** The longest secret of one's own that the form takes. */
const secretMaxLength = 512;

type SecretChoice = "generate" | "own" | "none";

interface RegisterWebhookFormProps {
  bridge: SigndeskApi;
  /** What is registered already (from this app, for the active account). */
  registered: readonly WebhookRecord[];
  onRegistered: (answer: ResultOf<"webhooksRegister">) => void;
}

interface FieldProblems {
  url?: string;
  secret?: string;
}

/** Register a webhook: its address, the event, and a signing secret (generated here, the user's own, or none). */
export function RegisterWebhookForm({ bridge, registered, onRegistered }: RegisterWebhookFormProps) {
  const intl = useIntl();
  const [url, setUrl] = useState("");
  const [eventType, setEventType] = useState<WebhookEventType>("document.signed");
  const [secretChoice, setSecretChoice] = useState<SecretChoice>("generate");
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serviceProblem, setServiceProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Uncontrolled: the user's own secret is never written into the page's markup. */
  const ownSecret = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const ids = { url: useId(), urlHint: useId(), urlProblem: useId(), secret: useId(), secretProblem: useId() };

  const check = (): { url: string; secret: string | null } | null => {
    const found: FieldProblems = {};
    const address = checkServiceAddress(url, "webhook");
    if (!address.ok) found.url = formatPhrase(intl, describeAddressProblem(address.problem, addressExamples.webhook));
    else if (registered.some((hook) => hook.url === address.url && hook.eventType === eventType)) {
      found.url = intl.formatMessage(messages.alreadyRegistered, { eventType });
    }
    const secret = ownSecret.current?.value.trim() ?? "";
    if (secretChoice === "own" && secret === "") found.secret = intl.formatMessage(messages.secretEmpty);
    else if (secretChoice === "own" && secret.length > secretMaxLength)
      found.secret = intl.formatMessage(messages.secretTooLong, { max: secretMaxLength });
    setProblems(found);
    if (found.url !== undefined) urlInput.current?.focus();
    else if (found.secret !== undefined) ownSecret.current?.focus();
    if (!address.ok || found.url !== undefined || found.secret !== undefined) return null;
    return { url: address.url, secret: secretChoice === "own" ? secret : null };
  };

  const submit = async () => {
    setServiceProblem(null);
    const checked = check();
    if (checked === null) return;
    setBusy(true);
    try {
      const result = await bridge.webhooksRegister({
        url: checked.url,
        eventType,
        ...(checked.secret !== null ? { secret: checked.secret } : {}),
        ...(secretChoice === "generate" ? { generateSecret: true } : {}),
      });
      if (!result.ok) {
        setServiceProblem(intl.formatMessage(messages.notRegistered, { reason: result.error.message }));
        return;
      }
      setUrl("");
      if (ownSecret.current !== null) ownSecret.current.value = "";
      onRegistered(result.value);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="settings-form"
      aria-labelledby="register-webhook-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="register-webhook-title" className="settings-form-title">
        {intl.formatMessage(messages.title)}
      </h2>
      <div className="settings-field">
        <label htmlFor={ids.url}>{intl.formatMessage(messages.address)}</label>
        <input
          ref={urlInput}
          id={ids.url}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://example.com/hooks/signdesk"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={problems.url !== undefined}
          aria-describedby={problems.url === undefined ? ids.urlHint : `${ids.urlProblem} ${ids.urlHint}`}
        />
        {problems.url !== undefined && (
          <span className="field-problem" id={ids.urlProblem} role="alert">
            {problems.url}
          </span>
        )}
        <span className="settings-hint" id={ids.urlHint}>
          {intl.formatMessage(messages.addressHint)}
        </span>
      </div>

      <fieldset className="settings-fieldset">
        <legend>{intl.formatMessage(messages.notifyWhen)}</legend>
        {eventTypes.map((type) => (
          <label key={type.value} className="settings-choice">
            <input
              type="radio"
              name="webhook-event"
              value={type.value}
              checked={eventType === type.value}
              onChange={() => setEventType(type.value)}
            />
            <span>
              <FormattedMessage
                {...messages.event}
                values={{
                  event: intl.formatMessage(type.label),
                  eventType: type.value,
                  code: (chunks) => <code>{chunks}</code>,
                }}
              />
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="settings-fieldset">
        <legend>{intl.formatMessage(messages.secretLegend)}</legend>
        <p className="settings-hint">
          <FormattedMessage {...messages.secretHint} values={{ code: (chunks) => <code>{chunks}</code> }} />
        </p>
        <label className="settings-choice">
          <input
            type="radio"
            name="webhook-secret"
            checked={secretChoice === "generate"}
            onChange={() => setSecretChoice("generate")}
          />
          <span>{intl.formatMessage(messages.generate)}</span>
        </label>
        <label className="settings-choice">
          <input
            type="radio"
            name="webhook-secret"
            checked={secretChoice === "own"}
            onChange={() => setSecretChoice("own")}
          />
          <span>{intl.formatMessage(messages.own)}</span>
        </label>
        <div className="settings-field settings-nested" hidden={secretChoice !== "own"}>
          <label htmlFor={ids.secret}>{intl.formatMessage(messages.ownLabel)}</label>
          <input
            ref={ownSecret}
            id={ids.secret}
            type="password"
            autoComplete="off"
            maxLength={secretMaxLength}
            aria-invalid={problems.secret !== undefined}
            aria-describedby={problems.secret === undefined ? undefined : ids.secretProblem}
          />
          {problems.secret !== undefined && (
            <span className="field-problem" id={ids.secretProblem} role="alert">
              {problems.secret}
            </span>
          )}
        </div>
        <label className="settings-choice">
          <input
            type="radio"
            name="webhook-secret"
            checked={secretChoice === "none"}
            onChange={() => setSecretChoice("none")}
          />
          <span>{intl.formatMessage(messages.none)}</span>
        </label>
      </fieldset>

      <div className="settings-form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {intl.formatMessage(busy ? messages.busy : messages.submit)}
        </button>
      </div>
      {serviceProblem !== null && (
        <p className="problem" role="alert">
          {serviceProblem}
        </p>
      )}
    </form>
  );
}
