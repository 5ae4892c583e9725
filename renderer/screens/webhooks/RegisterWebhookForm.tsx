import { useId, useRef, useState } from "react";
import type { ResultOf, SigndeskApi } from "../../../common/contract";
import type { WebhookRecord } from "../../../common/records";
import { addressExamples, checkServiceAddress, describeAddressProblem } from "../../../common/service-address";
import { eventTypes, type WebhookEventType } from "./event-types";
import "../../components/settings.css";

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
    if (!address.ok) found.url = describeAddressProblem(address.problem, addressExamples.webhook);
    else if (registered.some((hook) => hook.url === address.url && hook.eventType === eventType)) {
      found.url = `This address is already registered for ${eventType}. To change its secret, delete it and register it again.`;
    }
    const secret = ownSecret.current?.value.trim() ?? "";
    if (secretChoice === "own" && secret === "") found.secret = "Enter your secret, or choose “Generate one”.";
    else if (secretChoice === "own" && secret.length > 512) found.secret = "The secret is longer than 512 characters.";
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
        setServiceProblem(`The webhook was not registered: ${result.error.message}`);
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
        Register a webhook
      </h2>
      <div className="settings-field">
        <label htmlFor={ids.url}>Address to notify</label>
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
          An https:// address. Plain http:// is accepted only for this computer (localhost, 127.0.0.1).
        </span>
      </div>

      <fieldset className="settings-fieldset">
        <legend>Notify when</legend>
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
              {type.label} <code>{type.value}</code>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className="settings-fieldset">
        <legend>Signing secret</legend>
        <p className="settings-hint">
          With a secret, the service signs every delivery (header <code>x-webhook-signature</code>: HMAC-SHA256 of the
          body), so your endpoint can tell that it comes from the service.
        </p>
        <label className="settings-choice">
          <input
            type="radio"
            name="webhook-secret"
            checked={secretChoice === "generate"}
            onChange={() => setSecretChoice("generate")}
          />
          <span>Generate one (shown once, after registering)</span>
        </label>
        <label className="settings-choice">
          <input
            type="radio"
            name="webhook-secret"
            checked={secretChoice === "own"}
            onChange={() => setSecretChoice("own")}
          />
          <span>Use my own secret</span>
        </label>
        <div className="settings-field settings-nested" hidden={secretChoice !== "own"}>
          <label htmlFor={ids.secret}>Your secret</label>
          <input
            ref={ownSecret}
            id={ids.secret}
            type="password"
            autoComplete="off"
            maxLength={512}
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
          <span>No secret (deliveries are not signed)</span>
        </label>
      </fieldset>

      <div className="settings-form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Registering…" : "Register webhook"}
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
