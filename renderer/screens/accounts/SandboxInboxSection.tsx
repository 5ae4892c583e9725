import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Account } from "../../../common/accounts";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { OpenInboxButton } from "./OpenInboxButton";
import { productName } from "./product-name";
import { SandboxInbox } from "./SandboxInbox";

const messages = defineMessages({
  heading: { id: "accounts.sandboxInbox.heading", defaultMessage: "Sandbox inbox" },
  links: {
    id: "accounts.sandboxInbox.links",
    defaultMessage:
      "The sandbox sends no e-mail: the messages recipients would receive land here. Its pages, the signing pages and the inbox, are served on this computer at <address>{origin}</address>. {app} opens links to that address, and https links, in your browser, and no other links. If your browser does not show the page, copy its address into it.",
  },
  listedWhileActive: {
    id: "accounts.sandboxInbox.listedWhileActive",
    defaultMessage: "The sandbox's messages are listed here while {name} is the active account.",
  },
  makeActive: {
    id: "accounts.sandboxInbox.makeActive",
    defaultMessage: "Make {name} active",
    description: "Button; {name}: the sandbox account's name.",
  },
});

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
  const intl = useIntl();
  const origin = new URL(sandbox.baseUrl).origin;
  return (
    <section className="sandbox-section" aria-labelledby="sandbox-inbox-title">
      <h2 id="sandbox-inbox-title">{intl.formatMessage(messages.heading)}</h2>
      <div className="sandbox-inbox-bar">
        <p className="settings-hint sandbox-links-hint">
          <FormattedMessage
            {...messages.links}
            values={{
              origin,
              app: productName,
              address: (chunks: ReactNode[]) => <span className="settings-url">{chunks}</span>,
            }}
          />
        </p>
        <OpenInboxButton bridge={bridge} />
      </div>
      {sandboxActive ? (
        <SandboxInbox bridge={bridge} accountId={sandbox.id} />
      ) : (
        <div className="sandbox-inbox-bar">
          <p className="settings-hint">
            <FormattedMessage {...messages.listedWhileActive} values={{ name: <bdi>{sandbox.name}</bdi> }} />
          </p>
          <button type="button" disabled={switching} onClick={onMakeActive}>
            {intl.formatMessage(messages.makeActive, { name: sandbox.name })}
          </button>
        </div>
      )}
    </section>
  );
}
