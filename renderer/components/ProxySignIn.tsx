import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import type { SigndeskApi } from "../../common/contract";
import { defineMessages } from "../../common/i18n/define-messages";
import { ProxyCredentialsSchema, proxyPasswordMaxLength, proxyUserNameMaxLength } from "../../common/proxy";
import { FormDialog } from "./FormDialog";

const messages = defineMessages({
  laterTitle: { id: "components.proxySignIn.laterTitle", defaultMessage: "A proxy asks for a user name and password" },
  laterBody: {
    id: "components.proxySignIn.laterBody",
    defaultMessage: "Until you sign in to {proxies}, Signdesk cannot reach the service: sends wait in the Outbox.",
    description: "{proxies}: one or more proxy addresses (host:port), as a list.",
  },
  signInAgain: {
    id: "components.proxySignIn.signInAgain",
    defaultMessage: "Sign in…",
    description: "Opens the proxy's sign-in dialog again, after 'Not now'.",
  },
  title: { id: "components.proxySignIn.title", defaultMessage: "Sign in to the proxy" },
  submit: { id: "components.proxySignIn.submit", defaultMessage: "Sign in" },
  busy: { id: "components.proxySignIn.busy", defaultMessage: "Signing in…" },
  notNow: { id: "components.proxySignIn.notNow", defaultMessage: "Not now" },
  why: {
    id: "components.proxySignIn.why",
    defaultMessage:
      "The proxy <strong>{proxy}</strong>, on the way to the service, asks for a user name and password. Signdesk keeps them in the system keychain and sends them to this proxy only.",
  },
  userName: { id: "components.proxySignIn.userName", defaultMessage: "User name" },
  password: { id: "components.proxySignIn.password", defaultMessage: "Password" },
  enterUserName: {
    id: "components.proxySignIn.enterUserName",
    defaultMessage: "Enter the user name the proxy asks for.",
  },
  noColon: { id: "components.proxySignIn.noColon", defaultMessage: "A proxy user name cannot contain a colon." },
  check: { id: "components.proxySignIn.check", defaultMessage: "Check the user name and password." },
});

/** The words for what ProxyCredentialsSchema refused (its own messages are English, for main's logs). */
function problemMessage(issue: z.core.$ZodIssue | undefined) {
  if (issue?.path[0] === "username" && issue.code === "too_small") return messages.enterUserName;
  if (issue?.path[0] === "username" && issue.code === "custom") return messages.noColon;
  return messages.check;
}

/**
 * Asks for the user name and password of a proxy that wants them (main tells "proxy:signInNeeded" when a request is
 * answered 407), one proxy at a time. "Not now" is respected: a notice at the top then offers "Sign in…" until the
 * proxy is answered. Main keeps them in the OS keychain; this window never reads them back.
 */
export function ProxySignIns({ bridge }: { bridge: SigndeskApi }) {
  const [asking, setAsking] = useState<string[]>([]);
  const [notNow, setNotNow] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const add = (proxies: readonly string[]) =>
      setAsking((current) => [...current, ...proxies.filter((proxy) => !current.includes(proxy))]);
    const stop = bridge.on("proxy:signInNeeded", ({ proxy }) => add([proxy]));
    // Asked before this window listened (its first requests leave while the window loads).
    void bridge.proxyWaiting().then((result) => {
      if (result.ok) add(result.value);
    });
    return stop;
  }, [bridge]);
  const intl = useIntl();
  const shown = asking.find((proxy) => !notNow.has(proxy));
  const later = asking.filter((proxy) => notNow.has(proxy));
  const signedIn = (proxy: string) => setAsking((current) => current.filter((each) => each !== proxy));
  return (
    <>
      {later.length > 0 && (
        <section className="app-banner" aria-labelledby="proxy-sign-in-later-title">
          <div>
            <h2 id="proxy-sign-in-later-title">{intl.formatMessage(messages.laterTitle)}</h2>
            <p>
              <FormattedMessage
                {...messages.laterBody}
                values={{ proxies: <bdi>{intl.formatList(later, { type: "unit" })}</bdi> }}
              />
            </p>
          </div>
          <button type="button" onClick={() => setNotNow(new Set())}>
            {intl.formatMessage(messages.signInAgain)}
          </button>
        </section>
      )}
      {shown !== undefined && (
        <ProxySignInDialog
          key={shown}
          bridge={bridge}
          proxy={shown}
          onSignedIn={() => signedIn(shown)}
          onNotNow={() => setNotNow((current) => new Set([...current, shown]))}
        />
      )}
    </>
  );
}

interface ProxySignInDialogProps {
  bridge: SigndeskApi;
  proxy: string;
  onSignedIn: () => void;
  onNotNow: () => void;
}

function ProxySignInDialog({ bridge, proxy, onSignedIn, onNotNow }: ProxySignInDialogProps) {
  const intl = useIntl();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const signIn = async () => {
    const checked = ProxyCredentialsSchema.safeParse({ username, password });
    if (!checked.success) {
      setProblem(intl.formatMessage(problemMessage(checked.error.issues[0])));
      return;
    }
    setBusy(true);
    const result = await bridge.proxySignIn({ proxy, credentials: checked.data });
    setBusy(false);
    if (result.ok) onSignedIn();
    else setProblem(result.error.message);
  };

  return (
    <FormDialog
      title={intl.formatMessage(messages.title)}
      describedBy={`${ids}-why`}
      busy={busy}
      onClose={onNotNow}
      onSubmit={() => void signIn()}
      submitLabel={intl.formatMessage(messages.submit)}
      busyLabel={intl.formatMessage(messages.busy)}
      cancelLabel={intl.formatMessage(messages.notNow)}
    >
      <p id={`${ids}-why`}>
        <FormattedMessage
          {...messages.why}
          values={{ proxy: <bdi>{proxy}</bdi>, strong: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
      <fieldset disabled={busy}>
        <label htmlFor={`${ids}-user`}>{intl.formatMessage(messages.userName)}</label>
        <input
          id={`${ids}-user`}
          value={username}
          maxLength={proxyUserNameMaxLength}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setUsername(event.target.value);
            setProblem(null);
          }}
        />
        <label htmlFor={`${ids}-password`}>{intl.formatMessage(messages.password)}</label>
        <input
          id={`${ids}-password`}
          type="password"
          value={password}
          maxLength={proxyPasswordMaxLength}
          autoComplete="off"
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : `${ids}-problem`}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(null);
          }}
        />
        {problem !== null && (
          <span className="field-problem" id={`${ids}-problem`} role="alert">
            {problem}
          </span>
        )}
      </fieldset>
    </FormDialog>
  );
}
