import { useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { IpcError } from "../../common/result";

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
        setUpdateProblem(accounts.ok ? "There is no active account to change." : accounts.error.message);
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
        The account now uses {switched}. Nothing was sent: {afterMove}
      </p>
    );
  if (error.code === "outcome_unknown")
    return (
      <p className="problem" role="alert">
        Signdesk cannot tell whether it was done: {error.message}
      </p>
    );
  if (error.code === "moved")
    return (
      <div className="problem" role="alert">
        <p style={{ margin: 0 }}>{error.message}</p>
        {movedTo !== undefined && (
          <p style={{ margin: "8px 0 0" }}>
            <button type="button" onClick={() => void switchAddress(movedTo)} disabled={updating}>
              {updating ? "Updating the account…" : "Use the new address"}
            </button>
          </p>
        )}
        {updateProblem !== null && <p style={{ margin: "8px 0 0" }}>The account was not changed: {updateProblem}</p>}
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
      {lead}: {error.message}
    </p>
  );
}

/** The line shown while a send whose answer was lost is being checked with the service. */
export function CheckingNotice({ done, total }: { done: number; total: number | null }) {
  return (
    <p className="notice" role="status" data-testid="checking-sent">
      Checking whether it was sent… The service's answer was lost, so Signdesk is asking it before anything is sent
      again{total === null ? "" : ` (look ${done} of ${total})`}.
    </p>
  );
}
