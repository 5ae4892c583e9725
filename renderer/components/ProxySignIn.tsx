import { useEffect, useId, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import { ProxyCredentialsSchema, proxyPasswordMaxLength, proxyUserNameMaxLength } from "../../common/proxy";
import { FormDialog } from "./FormDialog";

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
  const shown = asking.find((proxy) => !notNow.has(proxy));
  const later = asking.filter((proxy) => notNow.has(proxy));
  const signedIn = (proxy: string) => setAsking((current) => current.filter((each) => each !== proxy));
  return (
    <>
      {later.length > 0 && (
        <section className="app-banner" aria-labelledby="proxy-sign-in-later-title">
          <div>
            <h2 id="proxy-sign-in-later-title">A proxy asks for a user name and password</h2>
            <p>Until you sign in to {later.join(", ")}, Signdesk cannot reach the service: sends wait in the Outbox.</p>
          </div>
          <button type="button" onClick={() => setNotNow(new Set())}>
            Sign in…
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
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const signIn = async () => {
    const checked = ProxyCredentialsSchema.safeParse({ username, password });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? "Check the user name and password.");
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
      title="Sign in to the proxy"
      describedBy={`${ids}-why`}
      busy={busy}
      onClose={onNotNow}
      onSubmit={() => void signIn()}
      submitLabel="Sign in"
      busyLabel="Signing in…"
      cancelLabel="Not now"
    >
      <p id={`${ids}-why`}>
        The proxy <strong>{proxy}</strong>, on the way to the service, asks for a user name and password. Signdesk keeps
        them in the system keychain and sends them to this proxy only.
      </p>
      <fieldset disabled={busy}>
        <label htmlFor={`${ids}-user`}>User name</label>
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
        <label htmlFor={`${ids}-password`}>Password</label>
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
