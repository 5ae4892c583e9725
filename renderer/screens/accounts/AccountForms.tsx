import { useEffect, useRef, useState } from "react";
import type { Account } from "../../../common/accounts";
import type { SigndeskApi } from "../../../common/contract";
import { type AccountDraft, AccountFields, type AccountProblems, checkAccountDraft } from "./AccountFields";

const fieldOrder = ["name", "baseUrl", "apiKey"] as const;

/** Focuses the first field with a problem; answers whether there was one. */
function focusFirstProblem(idPrefix: string, problems: AccountProblems): boolean {
  const first = fieldOrder.find((field) => problems[field] !== undefined);
  if (first === undefined) return false;
  document.getElementById(`${idPrefix}-${first}`)?.focus();
  return true;
}

interface AddAccountFormProps {
  bridge: SigndeskApi;
  onAdded: (account: Account) => void;
}

export function AddAccountForm({ bridge, onAdded }: AddAccountFormProps) {
  const empty: AccountDraft = { name: "", baseUrl: "", coordinateOrigin: "top-left" };
  const [draft, setDraft] = useState<AccountDraft>(empty);
  const [problems, setProblems] = useState<AccountProblems>({});
  const [serviceProblem, setServiceProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    setServiceProblem(null);
    const apiKey = keyInput.current?.value.trim() ?? "";
    const found = checkAccountDraft(draft, { checkUrl: true, apiKey });
    if (apiKey === "") found.apiKey = "Enter the API key the service gave you for this account.";
    setProblems(found);
    if (focusFirstProblem("add-account", found)) return;
    setBusy(true);
    try {
      const result = await bridge.accountsAdd({
        name: draft.name.trim(),
        baseUrl: draft.baseUrl.trim(),
        coordinateOrigin: draft.coordinateOrigin,
        apiKey,
      });
      if (!result.ok) {
        setServiceProblem(`The account was not added: ${result.error.message}`);
        return;
      }
      setDraft(empty);
      if (keyInput.current !== null) keyInput.current.value = "";
      onAdded(result.value);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="settings-form"
      aria-labelledby="add-account-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="add-account-title" className="settings-form-title" tabIndex={-1}>
        Add an account
      </h2>
      <AccountFields
        idPrefix="add-account"
        draft={draft}
        onChange={setDraft}
        problems={problems}
        keyRef={keyInput}
        keyField={{
          label: "API key",
          hint: "Kept in your system keychain, never in a file, and never shown again.",
          required: true,
        }}
      />
      <div className="settings-form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Adding…" : "Add account"}
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

interface EditAccountFormProps {
  bridge: SigndeskApi;
  account: Account;
  onSaved: (account: Account, keyReplaced: boolean) => void;
  onCancel: () => void;
}

/** Name, address and origin; the key can only be replaced (it is never read back). */
export function EditAccountForm({ bridge, account, onSaved, onCancel }: EditAccountFormProps) {
  const sandbox = account.kind === "sandbox";
  const idPrefix = `edit-${account.id}`;
  const [draft, setDraft] = useState<AccountDraft>({
    name: account.name,
    baseUrl: account.baseUrl,
    coordinateOrigin: account.coordinateOrigin,
  });
  const [webhookUserId, setWebhookUserId] = useState(account.webhookUserId ?? "");
  const [problems, setProblems] = useState<AccountProblems>({});
  const [serviceProblem, setServiceProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.getElementById(`${idPrefix}-name`)?.focus();
  }, [idPrefix]);

  const submit = async () => {
    setServiceProblem(null);
    const apiKey = keyInput.current?.value.trim() ?? "";
    const found = checkAccountDraft(draft, { checkUrl: !sandbox, apiKey });
    setProblems(found);
    if (focusFirstProblem(idPrefix, found)) return;
    setBusy(true);
    try {
      const result = await bridge.accountsUpdate({
        id: account.id,
        name: draft.name.trim(),
        ...(sandbox ? {} : { baseUrl: draft.baseUrl.trim() }),
        coordinateOrigin: draft.coordinateOrigin,
        ...(apiKey === "" ? {} : { apiKey }),
        // Blank clears it.
        webhookUserId: webhookUserId.trim(),
      });
      if (!result.ok) {
        setServiceProblem(`The changes were not saved: ${result.error.message}`);
        return;
      }
      if (keyInput.current !== null) keyInput.current.value = "";
      onSaved(result.value, apiKey !== "");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="settings-form"
      aria-label={`Edit ${account.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !busy) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <AccountFields
        idPrefix={idPrefix}
        draft={draft}
        onChange={setDraft}
        problems={problems}
        fixedUrl={sandbox}
        keyRef={keyInput}
        keyField={
          sandbox
            ? undefined
            : {
                label: "Replace API key",
                hint: "Leave empty to keep the stored key. The stored key is never shown.",
                required: false,
              }
        }
      />
      <div className="settings-field">
        <label htmlFor={`${idPrefix}-webhookUserId`}>Webhook user ID (optional)</label>
        <input
          id={`${idPrefix}-webhookUserId`}
          value={webhookUserId}
          maxLength={200}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${idPrefix}-webhookUserId-hint`}
          onChange={(event) => setWebhookUserId(event.target.value)}
        />
        <span className="settings-hint" id={`${idPrefix}-webhookUserId-hint`}>
          Sent as <code>user_id</code> when a webhook is registered, as the service’s webhook guide shows. Leave it
          empty unless the service asks for it.
        </span>
      </div>
      <div className="settings-form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Saving…" : "Save changes"}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
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
