import { type ReactNode, useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Account } from "../../../common/accounts";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { type AccountDraft, AccountFields, type AccountProblems, checkAccountDraft } from "./AccountFields";

const messages = defineMessages({
  enterApiKey: {
    id: "accounts.add.enterApiKey",
    defaultMessage: "Enter the API key the service gave you for this account.",
  },
  notAdded: { id: "accounts.add.notAdded", defaultMessage: "The account was not added: {reason}" },
  addTitle: { id: "accounts.add.title", defaultMessage: "Add an account", description: "The form's heading." },
  apiKey: { id: "accounts.add.apiKey", defaultMessage: "API key" },
  apiKeyHint: {
    id: "accounts.add.apiKeyHint",
    defaultMessage: "Kept in your system keychain, never in a file, and never shown again.",
  },
  adding: { id: "accounts.add.adding", defaultMessage: "Adding…" },
  addAccount: { id: "accounts.add.addAccount", defaultMessage: "Add account", description: "The form's button." },
  notSaved: { id: "accounts.edit.notSaved", defaultMessage: "The changes were not saved: {reason}" },
  editLabel: {
    id: "accounts.edit.label",
    defaultMessage: "Edit {name}",
    description: "The edit form's accessible name; {name}: the account's name.",
  },
  replaceApiKey: { id: "accounts.edit.replaceApiKey", defaultMessage: "Replace API key" },
  replaceApiKeyHint: {
    id: "accounts.edit.replaceApiKeyHint",
    defaultMessage: "Leave empty to keep the stored key. The stored key is never shown.",
  },
  webhookUserId: { id: "accounts.edit.webhookUserId", defaultMessage: "Webhook user ID (optional)" },
  webhookUserIdHint: {
    id: "accounts.edit.webhookUserIdHint",
    defaultMessage:
      "Sent as <code>user_id</code> when a webhook is registered, as the service’s webhook guide shows. Leave it empty unless the service asks for it.",
    description: "user_id: the service's parameter name, not translated.",
  },
  saving: { id: "accounts.edit.saving", defaultMessage: "Saving…" },
  saveChanges: { id: "accounts.edit.saveChanges", defaultMessage: "Save changes" },
  cancel: { id: "accounts.edit.cancel", defaultMessage: "Cancel", description: "Button: closes the edit form." },
});

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
  const intl = useIntl();
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
    if (apiKey === "") found.apiKey = intl.formatMessage(messages.enterApiKey);
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
        setServiceProblem(intl.formatMessage(messages.notAdded, { reason: result.error.message }));
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
        {intl.formatMessage(messages.addTitle)}
      </h2>
      <AccountFields
        idPrefix="add-account"
        draft={draft}
        onChange={setDraft}
        problems={problems}
        keyRef={keyInput}
        keyField={{
          label: intl.formatMessage(messages.apiKey),
          hint: intl.formatMessage(messages.apiKeyHint),
          required: true,
        }}
      />
      <div className="settings-form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {intl.formatMessage(busy ? messages.adding : messages.addAccount)}
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
  const intl = useIntl();
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
        setServiceProblem(intl.formatMessage(messages.notSaved, { reason: result.error.message }));
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
      aria-label={intl.formatMessage(messages.editLabel, { name: account.name })}
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
                label: intl.formatMessage(messages.replaceApiKey),
                hint: intl.formatMessage(messages.replaceApiKeyHint),
                required: false,
              }
        }
      />
      <div className="settings-field">
        <label htmlFor={`${idPrefix}-webhookUserId`}>{intl.formatMessage(messages.webhookUserId)}</label>
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
          <FormattedMessage
            {...messages.webhookUserIdHint}
            values={{ code: (chunks: ReactNode[]) => <code>{chunks}</code> }}
          />
        </span>
      </div>
      <div className="settings-form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {intl.formatMessage(busy ? messages.saving : messages.saveChanges)}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          {intl.formatMessage(messages.cancel)}
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
