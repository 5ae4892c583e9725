import { type ReactNode, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Account, ConnectionCheck } from "../../../common/accounts";
import type { SigndeskApi } from "../../../common/contract";
import type { MessageDescriptor } from "../../../common/i18n/phrase";
import { screenTitleMessages } from "../../../common/screen-titles";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatWhen } from "../../format/when";
import { unwrap, useResource } from "../../hooks/useResource";
import { formatPhrase } from "../../i18n/format-phrase";
import { AddAccountForm, EditAccountForm } from "./AccountForms";
import { Diagnostics } from "./Diagnostics";
import { LanguageSection } from "./LanguageSection";
import { productName } from "./product-name";
import { SandboxInboxSection } from "./SandboxInboxSection";
import { Updates } from "./Updates";
import { WordDocuments } from "./WordDocuments";
import "../../components/settings.css";
import "./accounts.css";
import { accountsScreenMessages as messages } from "./accounts-screen-messages";

interface AccountsScreenProps {
  bridge: SigndeskApi;
  /** After the active account changed (switched, removed, or renamed): e.g. to refresh the status bar. */
  onActiveAccountChanged?: () => void;
}

type ConnectionTest =
  | { status: "testing" }
  | { status: "done"; check: ConnectionCheck }
  | { status: "failed"; message: string };

const outcomeTitles: Record<ConnectionCheck["outcome"], MessageDescriptor> = {
  ok: messages.outcomeOk,
  wrong_key: messages.outcomeWrongKey,
  unreachable: messages.outcomeUnreachable,
  not_this_service: messages.outcomeNotThisService,
  no_key: messages.outcomeNoKey,
};

/** A name inside a sentence, isolated from the words around it. */
const bdi = (name: string) => <bdi>{name}</bdi>;
/** Words for screen readers only, in a message's <hidden> tag. */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The accounts: which one is active, add, edit (the key only replaced), remove, test; the sandbox's inbox. */
export function AccountsScreen({ bridge, onActiveAccountChanged }: AccountsScreenProps) {
  const [list, reloadList] = useResource(() => bridge.accountsList(), [bridge]);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Account | null>(null);
  const [tests, setTests] = useState<Record<string, ConnectionTest>>({});
  const intl = useIntl();
  /** Kept as elements (FormattedMessage), so that they follow a change of language. */
  const [notice, setNotice] = useState<ReactNode>(null);
  const [problem, setProblem] = useState<ReactNode>(null);
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
      setNotice(<FormattedMessage {...messages.nowActive} values={{ name: bdi(account.name) }} />);
      onActiveAccountChanged?.();
    } catch (error) {
      setProblem(
        <FormattedMessage
          {...messages.notMadeActive}
          values={{ name: bdi(account.name), reason: (error as Error).message }}
        />,
      );
    } finally {
      setSwitching(null);
      reloadList();
    }
  };

  return (
    <section className="screen settings-screen" aria-labelledby="accounts-title">
      <header className="screen-header">
        <h1 id="accounts-title" tabIndex={-1}>
          {intl.formatMessage(screenTitleMessages.accounts)}
        </h1>
      </header>
      <div className="screen-body wide">
        <p className="screen-summary">{intl.formatMessage(messages.summary, { app: productName })}</p>
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
          {intl.formatMessage(messages.yourAccounts)}
        </h2>
        {list.status === "loading" && <p className="muted">{intl.formatMessage(messages.loading)}</p>}
        {list.status === "failed" && (
          <p className="problem" role="alert">
            {intl.formatMessage(messages.readFailed, { reason: list.message })}
          </p>
        )}
        {list.status === "ready" && accounts.length === 0 && (
          <p className="muted">{intl.formatMessage(messages.none)}</p>
        )}
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
                      {isActive && (
                        <span className="settings-badge active">{intl.formatMessage(messages.activeBadge)}</span>
                      )}
                      {account.kind === "sandbox" && (
                        <span className="settings-badge">{intl.formatMessage(messages.sandboxBadge)}</span>
                      )}
                    </span>
                    <span className="draft-meta">
                      <FormattedMessage
                        {...messages.meta}
                        values={{
                          kind: account.kind === "sandbox" ? "sandbox" : "other",
                          url: <span className="settings-url">{account.baseUrl}</span>,
                          origin: account.coordinateOrigin === "top-left" ? "topLeft" : "bottomLeft",
                          when: <time dateTime={account.createdAt}>{formatWhen(intl, account.createdAt)}</time>,
                          hasWebhookUser: account.webhookUserId === undefined ? "no" : "yes",
                          webhookUser: account.webhookUserId ?? "",
                          code: (chunks: ReactNode[]) => <code>{chunks}</code>,
                        }}
                      />
                    </span>
                  </div>
                  <div className="row-actions">
                    {!isActive && (
                      <button type="button" disabled={switching !== null} onClick={() => void makeActive(account)}>
                        <FormattedMessage
                          {...(switching === account.id ? messages.switching : messages.makeActive)}
                          values={{ name: account.name, hidden }}
                        />
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={test?.status === "testing"}
                      onClick={() => void testConnection(account)}
                    >
                      <FormattedMessage
                        {...(test?.status === "testing" ? messages.testing : messages.testConnection)}
                        values={{ name: account.name, hidden }}
                      />
                    </button>
                    <button
                      type="button"
                      id={`account-${account.id}-edit`}
                      aria-expanded={editing === account.id}
                      onClick={() => setEditing(editing === account.id ? null : account.id)}
                    >
                      <FormattedMessage {...messages.edit} values={{ name: account.name, hidden }} />
                    </button>
                    {account.kind !== "sandbox" && (
                      <button type="button" className="danger" onClick={() => setRemoving(account)}>
                        <FormattedMessage {...messages.remove} values={{ name: account.name, hidden }} />
                      </button>
                    )}
                  </div>
                  <div className="settings-row-detail">
                    <div role="status" className="account-test">
                      {test?.status === "testing" && (
                        <p className="settings-outcome">
                          {intl.formatMessage(messages.testingConnection, { url: account.baseUrl })}
                        </p>
                      )}
                      {test?.status === "done" && (
                        <p
                          className={`settings-outcome ${test.check.outcome === "ok" ? "ok" : "failed"}`}
                          data-outcome={test.check.outcome}
                        >
                          <strong>{intl.formatMessage(outcomeTitles[test.check.outcome])}</strong>
                          {formatPhrase(intl, test.check.message)}
                        </p>
                      )}
                      {test?.status === "failed" && (
                        <p className="settings-outcome failed" data-outcome="failed">
                          <strong>{intl.formatMessage(messages.testCouldNotRun)}</strong>
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
                            <FormattedMessage
                              {...(keyReplaced ? messages.savedWithKey : messages.saved)}
                              values={{ name: bdi(saved.name) }}
                            />,
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
          {intl.formatMessage(messages.addAccount)}
        </button>
        {addFormOpen && (
          <AddAccountForm
            bridge={bridge}
            onAdded={(account) => {
              setAdding(false);
              setProblem(null);
              setNotice(
                <FormattedMessage
                  {...messages.added}
                  values={{ name: bdi(account.name), first: activeId === null ? "yes" : "no" }}
                />,
              );
              reloadList();
              // The first account becomes the active one.
              if (activeId === null) onActiveAccountChanged?.();
              focusSoon("accounts-list-title");
            }}
          />
        )}

        <LanguageSection />
        <WordDocuments bridge={bridge} />
        <Updates bridge={bridge} />
        <Diagnostics bridge={bridge} />
      </div>

      {removing !== null && (
        <ConfirmDialog
          title={intl.formatMessage(messages.removeTitle, { name: removing.name })}
          confirmLabel={intl.formatMessage(messages.removeConfirm)}
          busyLabel={intl.formatMessage(messages.removing)}
          onConfirm={async () => {
            try {
              unwrap(await bridge.accountsRemove({ id: removing.id }));
              return null;
            } catch (error) {
              return intl.formatMessage(messages.notRemoved, {
                name: removing.name,
                reason: (error as Error).message,
              });
            }
          }}
          onClose={(confirmed) => {
            const removed = removing;
            setRemoving(null);
            if (!confirmed) return;
            forgetTest(removed.id);
            if (editing === removed.id) setEditing(null);
            setProblem(null);
            setNotice(<FormattedMessage {...messages.removed} values={{ name: bdi(removed.name) }} />);
            reloadList();
            if (removed.id === activeId) onActiveAccountChanged?.();
            focusSoon("accounts-list-title");
          }}
        >
          <p>
            <FormattedMessage
              {...messages.removeExplanation}
              values={{
                app: productName,
                name: removing.name,
                url: removing.baseUrl,
                strong: (chunks: ReactNode[]) => (
                  <span className="settings-strong">
                    <bdi>{chunks}</bdi>
                  </span>
                ),
                address: (chunks: ReactNode[]) => <span className="settings-url">{chunks}</span>,
              }}
            />
          </p>
          {removing.id === activeId && (
            <p>
              <NextActive name={accounts.find((account) => account.id !== removing.id)?.name ?? null} />
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Which account becomes active when the active one is removed. */
function NextActive({ name }: { name: string | null }) {
  return name === null ? (
    <FormattedMessage {...messages.noneBecomesActive} />
  ) : (
    <FormattedMessage {...messages.becomesActive} values={{ next: bdi(name) }} />
  );
}
