import type { Account } from "../../../common/accounts";
import type { SigndeskApi } from "../../../common/contract";
import { OpenInboxButton } from "./OpenInboxButton";
import { SandboxInbox } from "./SandboxInbox";

interface SandboxInboxSectionProps {
  bridge: SigndeskApi;
  sandbox: Account;
  /** The outbox is read with the active account's key: listed here only while the sandbox is active. */
  sandboxActive: boolean;
  switching: boolean;
  onMakeActive: () => void;
}

/** The top of Accounts: where a first try continues after sending, with which links open and where. */
export function SandboxInboxSection({
  bridge,
  sandbox,
  sandboxActive,
  switching,
  onMakeActive,
}: SandboxInboxSectionProps) {
  const origin = new URL(sandbox.baseUrl).origin;
  return (
    <section className="sandbox-section" aria-labelledby="sandbox-inbox-title">
      <h2 id="sandbox-inbox-title">Sandbox inbox</h2>
      <div className="sandbox-inbox-bar">
        <p className="settings-hint sandbox-links-hint">
          The sandbox sends no e-mail: the messages recipients would receive land here. Its pages, the signing pages and
          the inbox, are served on this computer at <span className="settings-url">{origin}</span>. Signdesk opens links
          to that address, and https links, in your browser, and no other links. If your browser does not show the page,
          copy its address into it.
        </p>
        <OpenInboxButton bridge={bridge} />
      </div>
      {sandboxActive ? (
        <SandboxInbox bridge={bridge} accountId={sandbox.id} />
      ) : (
        <div className="sandbox-inbox-bar">
          <p className="settings-hint">
            The sandbox's messages are listed here while {sandbox.name} is the active account.
          </p>
          <button type="button" disabled={switching} onClick={onMakeActive}>
            Make {sandbox.name} active
          </button>
        </div>
      )}
    </section>
  );
}
