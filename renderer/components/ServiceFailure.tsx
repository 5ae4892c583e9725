import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../common/contract";
import { defineMessages } from "../../common/i18n/define-messages";
import type { IpcError } from "../../common/result";

const messages = defineMessages({
  noActiveAccount: {
    id: "components.serviceFailure.noActiveAccount",
    defaultMessage: "There is no active account to change.",
  },
  moved: {
    id: "components.serviceFailure.moved",
    defaultMessage: "The account now uses {address}. Nothing was sent: {afterMove}",
    description: "{afterMove}: what to do now, e.g. 'press Send to send it there.'",
  },
  outcomeUnknown: {
    id: "components.serviceFailure.outcomeUnknown",
    defaultMessage: "Signdesk cannot tell whether it was done: {reason}",
  },
  updating: { id: "components.serviceFailure.updating", defaultMessage: "Updating the account…" },
  useNewAddress: { id: "components.serviceFailure.useNewAddress", defaultMessage: "Use the new address" },
  notChanged: { id: "components.serviceFailure.notChanged", defaultMessage: "The account was not changed: {reason}" },
  failed: {
    id: "components.serviceFailure.failed",
    defaultMessage: "{lead}: {reason}",
    description: "{lead}: what did not happen ('The service did not send the document'); {reason}: why.",
  },
  checking: {
    id: "components.serviceFailure.checking",
    defaultMessage:
      "Checking whether it was sent… The service's answer was lost, so Signdesk is asking it before anything is sent again{counted, select, yes { (look {done, number} of {total, number})} other {}}.",
    description: "{done} of {total}: how many times Signdesk has asked the service so far, of how many it will.",
  },
});

interface ServiceFailureProps {
  bridge: SigndeskApi;
  error: IpcError;
  /** What did not happen, for an ordinary failure: "The service did not send the document". */
  lead: string;
  /** Said once "Use the new address" has changed the account: what to do now ("press Send to send it there"). */
  afterMove: string;
}

/**
 * A failed send or upload, told by what is known of it: not done ("<lead>: …"), unknown whether it was
 * done (never "not sent"), or the service moved, with one click to point the account at its new address.
 */
export function ServiceFailure({ bridge, error, lead, afterMove }: ServiceFailureProps) {
  const intl = useIntl();
  const [updating, setUpdating] = useState(false);
  const [switched, setMoved] = useState<string | null>(null);
  const [updateProblem, setUpdateProblem] = useState<string | null>(null);
  const movedTo = error.code === "moved" ? error.movedTo : undefined;

  const switchAddress = async (baseUrl: string) => {
    setUpdating(true);
    setUpdateProblem(null);
    try {
      const accounts = await bridge.accountsList();
      const id = accounts.ok ? accounts.value.activeAccountId : null;
      if (id === null) {
        setUpdateProblem(accounts.ok ? intl.formatMessage(messages.noActiveAccount) : accounts.error.message);
        return;
      }
      const updated = await bridge.accountsUpdate({ id, baseUrl });
      if (updated.ok) setMoved(updated.value.baseUrl);
      else setUpdateProblem(updated.error.message);
    } finally {
      setUpdating(false);
    }
  };

  if (switched !== null)
    return (
      <p className="notice" role="status">
        <FormattedMessage {...messages.moved} values={{ address: <bdi>{switched}</bdi>, afterMove }} />
      </p>
    );
  if (error.code === "outcome_unknown")
    return (
      <p className="problem" role="alert">
        {intl.formatMessage(messages.outcomeUnknown, { reason: error.message })}
      </p>
    );
  if (error.code === "moved")
    return (
      <div className="problem" role="alert">
        <p style={{ margin: 0 }}>{error.message}</p>
        {movedTo !== undefined && (
          <p style={{ margin: "8px 0 0" }}>
            <button type="button" onClick={() => void switchAddress(movedTo)} disabled={updating}>
              {intl.formatMessage(updating ? messages.updating : messages.useNewAddress)}
            </button>
          </p>
        )}
        {updateProblem !== null && (
          <p style={{ margin: "8px 0 0" }}>{intl.formatMessage(messages.notChanged, { reason: updateProblem })}</p>
        )}
      </div>
    );
  if (error.code === "not_sent")
    return (
      <p className="problem" role="alert">
        {error.message}
      </p>
    );
  return (
    <p className="problem" role="alert">
      {intl.formatMessage(messages.failed, { lead, reason: error.message })}
    </p>
  );
}

/** The line shown while a send whose answer was lost is being checked with the service. */
export function CheckingNotice({ done, total }: { done: number; total: number | null }) {
  const intl = useIntl();
  return (
    <p className="notice" role="status" data-testid="checking-sent">
      {intl.formatMessage(messages.checking, { counted: total === null ? "no" : "yes", done, total: total ?? 0 })}
    </p>
  );
}
