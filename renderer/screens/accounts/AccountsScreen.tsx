import { useState } from "react";
import { useIntl } from "react-intl";
import type { Account, ConnectionCheck } from "../../../common/accounts";
import type { SigndeskApi } from "../../../common/contract";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatWhen } from "../../format/when";
import { unwrap, useResource } from "../../hooks/useResource";
import { AddAccountForm, EditAccountForm } from "./AccountForms";
import { Diagnostics } from "./Diagnostics";
import { SandboxInboxSection } from "./SandboxInboxSection";
import { Updates } from "./Updates";
import { WordDocuments } from "./WordDocuments";
import "../../components/settings.css";
import "./accounts.css";

interface AccountsScreenProps {
  bridge: SigndeskApi;
  /** After the active account changed (switched, removed, or renamed): e.g. to refresh the status bar. */
  onActiveAccountChanged?: () => void;
}

type ConnectionTest =
  | { status: "testing" }
  | { status: "done"; check: ConnectionCheck }
  | { status: "failed"; message: string };

const outcomeTitles: Record<ConnectionCheck["outcome"], string> = {
  ok: "Connected.",
  wrong_key: "Wrong API key.",
  unreachable: "Unreachable.",
  not_this_service: "Not the signing service.",
  no_key: "No API key stored.",
};

function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The accounts: which one is active, add, edit (the key only replaced), remove, test; the sandbox's inbox. */
export function AccountsScreen({ bridge, onActiveAccountChanged }: AccountsScreenProps) {
  const intl = useIntl();
  const [list, reloadList] = useResource(() => bridge.accountsList(), [bridge]);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Account | null>(null);
  const [tests, setTests] = useState<Record<string, ConnectionTest>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  /** The form to add an account, closed until asked for (most people use the built-in sandbox first). */
  const [adding, setAdding] = useState(false);

  const accounts = list.status === "ready" ? list.value.accounts : [];
  const activeId = list.status === "ready" ? (list.value.activeAccountId ?? accounts[0]?.id ?? null) : null;
  const active = accounts.find((account) => account.id === activeId) ?? null;
  const sandbox = accounts.find((account) => account.kind === "sandbox") ?? null;
  const addFormOpen = adding || (list.status === "ready" && accounts.length === 0);

  const forgetTest = (id: string) =>
    setTests((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== id)));

  const testConnection = async (account: Account) => {
    setTests((current) => ({ ...current, [account.id]: { status: "testing" } }));
    const result = await bridge.accountsTestConnection({ id: account.id });
    setTests((current) => ({
      ...current,
      [account.id]: result.ok
        ? { status: "done", check: result.value }
        : { status: "failed", message: result.error.message },
    }));
  };

  const makeActive = async (account: Account) => {
    setProblem(null);
    setNotice(null);
    setSwitching(account.id);
    try {
      unwrap(await bridge.accountsSetActive({ id: account.id }));
      setNotice(`${account.name} is now the active account: templates, documents and webhooks use it.`);
      onActiveAccountChanged?.();
    } catch (error) {
      setProblem(`${account.name} could not be made active: ${(error as Error).message}`);
    } finally {
      setSwitching(null);
      reloadList();
    }
  };

  return (
    <section className="screen settings-screen" aria-labelledby="accounts-title">
      <header className="screen-header">
        <h1 id="accounts-title" tabIndex={-1}>
          Accounts
        </h1>
      </header>
      <div className="screen-body wide">
        <p className="screen-summary">
          The services Signdesk talks to. API keys are kept in your system keychain, never in files, and are never shown
          again. The active account is the one templates, documents and webhooks use.
        </p>
        {notice !== null && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {problem !== null && (
          <p className="problem" role="alert">
            {problem}
          </p>
        )}

        {sandbox !== null && (
          <SandboxInboxSection
            bridge={bridge}
            sandbox={sandbox}
            sandboxActive={active?.id === sandbox.id}
            switching={switching !== null}
            onMakeActive={() => void makeActive(sandbox)}
          />
        )}

        <h2 id="accounts-list-title" tabIndex={-1}>
          Your accounts
        </h2>
        {list.status === "loading" && <p className="muted">Loading accounts…</p>}
        {list.status === "failed" && (
          <p className="problem" role="alert">
            The accounts could not be read: {list.message}
          </p>
        )}
        {list.status === "ready" && accounts.length === 0 && <p className="muted">No accounts yet: add one below.</p>}
        {accounts.length > 0 && (
          <ul className="draft-list settings-list" aria-labelledby="accounts-list-title">
            {accounts.map((account) => {
              const isActive = account.id === activeId;
              const test = tests[account.id];
              return (
                <li key={account.id} className="settings-row account-row" aria-current={isActive ? "true" : undefined}>
                  <div className="settings-row-main">
                    <span className="settings-row-title">
                      {account.name}
                      {isActive && <span className="settings-badge active">Active</span>}
                      {account.kind === "sandbox" && <span className="settings-badge">Built-in sandbox</span>}
                    </span>
                    <span className="draft-meta">
                      {account.kind === "sandbox" ? "Runs on this computer at " : ""}
                      <span className="settings-url">{account.baseUrl}</span> · positions from the{" "}
                      {account.coordinateOrigin === "top-left" ? "top-left" : "bottom-left"} corner · added{" "}
                      <time dateTime={account.createdAt}>{formatWhen(intl, account.createdAt)}</time>
                      {account.webhookUserId !== undefined && (
                        <>
                          {" "}
                          · webhook user ID <code>{account.webhookUserId}</code>
                        </>
                      )}
                      {account.kind === "sandbox" && " · built in: it cannot be removed"}
                    </span>
                  </div>
                  <div className="row-actions">
                    {!isActive && (
                      <button type="button" disabled={switching !== null} onClick={() => void makeActive(account)}>
                        {switching === account.id ? "Switching…" : "Make active"}
                        <span className="visually-hidden"> ({account.name})</span>
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={test?.status === "testing"}
                      onClick={() => void testConnection(account)}
                    >
                      {test?.status === "testing" ? "Testing…" : "Test connection"}
                      <span className="visually-hidden"> of {account.name}</span>
                    </button>
                    <button
                      type="button"
                      id={`account-${account.id}-edit`}
                      aria-expanded={editing === account.id}
                      onClick={() => setEditing(editing === account.id ? null : account.id)}
                    >
                      Edit<span className="visually-hidden"> {account.name}</span>
                    </button>
                    {account.kind !== "sandbox" && (
                      <button type="button" className="danger" onClick={() => setRemoving(account)}>
                        Remove<span className="visually-hidden"> {account.name}</span>…
                      </button>
                    )}
                  </div>
                  <div className="settings-row-detail">
                    <div role="status" className="account-test">
                      {test?.status === "testing" && (
                        <p className="settings-outcome">Testing the connection to {account.baseUrl}…</p>
                      )}
                      {test?.status === "done" && (
                        <p
                          className={`settings-outcome ${test.check.outcome === "ok" ? "ok" : "failed"}`}
                          data-outcome={test.check.outcome}
                        >
                          <strong>{outcomeTitles[test.check.outcome]}</strong>
                          {test.check.message}
                        </p>
                      )}
                      {test?.status === "failed" && (
                        <p className="settings-outcome failed" data-outcome="failed">
                          <strong>The test could not run.</strong>
                          {test.message}
                        </p>
                      )}
                    </div>
                    {editing === account.id && (
                      <EditAccountForm
                        bridge={bridge}
                        account={account}
                        onCancel={() => {
                          setEditing(null);
                          focusSoon(`account-${account.id}-edit`);
                        }}
                        onSaved={(saved, keyReplaced) => {
                          setEditing(null);
                          forgetTest(saved.id);
                          setProblem(null);
                          setNotice(
                            keyReplaced
                              ? `Saved ${saved.name}, with its new API key. Test the connection to check it.`
                              : `Saved ${saved.name}.`,
                          );
                          reloadList();
                          if (saved.id === activeId) onActiveAccountChanged?.();
                          focusSoon(`account-${saved.id}-edit`);
                        }}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}

        <button
          type="button"
          className="add-account-toggle"
          aria-expanded={addFormOpen}
          onClick={() => {
            if (!adding) focusSoon("add-account-title");
            setAdding(!adding);
          }}
        >
          Add an account…
        </button>
        {addFormOpen && (
          <AddAccountForm
            bridge={bridge}
            onAdded={(account) => {
              setAdding(false);
              setProblem(null);
              setNotice(
                `Added ${account.name}. Use “Test connection” to check its key${
                  activeId === null ? "" : ", and “Make active” to use it"
                }.`,
              );
              reloadList();
              // The first account becomes the active one.
              if (activeId === null) onActiveAccountChanged?.();
              focusSoon("accounts-list-title");
            }}
          />
        )}

        <WordDocuments bridge={bridge} />
        <Updates bridge={bridge} />
        <Diagnostics bridge={bridge} />
      </div>

      {removing !== null && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove account"
          busyLabel="Removing…"
          onConfirm={async () => {
            try {
              unwrap(await bridge.accountsRemove({ id: removing.id }));
              return null;
            } catch (error) {
              return `${removing.name} was not removed: ${(error as Error).message}`;
            }
          }}
          onClose={(confirmed) => {
            const removed = removing;
            setRemoving(null);
            if (!confirmed) return;
            forgetTest(removed.id);
            if (editing === removed.id) setEditing(null);
            setProblem(null);
            setNotice(`Removed ${removed.name} and its API key.`);
            reloadList();
            if (removed.id === activeId) onActiveAccountChanged?.();
            focusSoon("accounts-list-title");
          }}
        >
          <p>
            Signdesk forgets <span className="settings-strong">{removing.name}</span> (
            <span className="settings-url">{removing.baseUrl}</span>): its API key is deleted from the system keychain,
            and the templates, documents and webhooks recorded for it are removed from this app. Nothing is deleted at
            the service.
          </p>
          {removing.id === activeId && (
            <p>
              It is the active account: {accounts.find((account) => account.id !== removing.id)?.name ?? "no account"}{" "}
              becomes active instead.
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
