import type { z } from "zod";
import type { SigndeskApi } from "../../../common/contract";
import type { DocumentRecord, OutboxMessageSchema } from "../../../common/records";
import { ok } from "../../../common/result";
import { useResource } from "../../hooks/useResource";

/** The sandbox's messages for this document, or null when it was not sent with the built-in sandbox account. */
async function sandboxMessages(bridge: SigndeskApi, record: DocumentRecord) {
  const accounts = await bridge.accountsList();
  if (!accounts.ok) return accounts;
  const account = accounts.value.accounts.find((candidate) => candidate.id === record.accountId);
  if (account?.kind !== "sandbox") return ok(null);
  const outbox = await bridge.sandboxOutbox();
  if (!outbox.ok) return outbox;
  return ok(outbox.value.filter((message) => message.pdf_id === record.pdfId));
}

/**
 * For a document of the built-in sandbox that is still out for signing: each recipient's signing page, which the
 * sandbox would have e-mailed them, to open in the browser (the window opens the sandbox's own pages there).
 */
export function SigningPageLinks({ bridge, record }: { bridge: SigndeskApi; record: DocumentRecord }) {
  const [messages] = useResource(() => sandboxMessages(bridge, record), [bridge, record.accountId, record.pdfId]);
  if (record.finished || messages.status === "loading") return null;
  if (messages.status === "ready" && messages.value === null) return null;
  const byEmail = new Map<string, z.infer<typeof OutboxMessageSchema>>(
    messages.status === "ready" ? (messages.value ?? []).map((message) => [message.to.toLowerCase(), message]) : [],
  );
  return (
    <section aria-labelledby="detail-signing-title" className="detail-section">
      <h2 id="detail-signing-title">Signing pages</h2>
      {messages.status === "failed" ? (
        <p className="problem" role="alert">
          The sandbox's signing pages could not be read: {messages.message}
        </p>
      ) : (
        <>
          <p className="muted small">
            The sandbox e-mails no one: open a recipient's page here, in your browser, to sign as them.
          </p>
          <ul className="detail-list signing-links" aria-labelledby="detail-signing-title">
            {record.recipients.map((recipient) => {
              const message = byEmail.get(recipient.email.toLowerCase());
              return (
                <li key={recipient.email}>
                  <span>
                    <span className="recipient-name">{recipient.name}</span>{" "}
                    <span className="muted">&lt;{recipient.email}&gt;</span>
                  </span>
                  {message === undefined ? (
                    <span className="muted">No signing page from the sandbox</span>
                  ) : (
                    <a className="inbox-link" href={message.signingUrl} target="_blank" rel="noreferrer">
                      Open signing page<span className="visually-hidden"> for {recipient.name}</span>
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
