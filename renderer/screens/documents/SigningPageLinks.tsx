import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { DocumentRecord, OutboxMessageSchema } from "../../../common/records";
import { ok } from "../../../common/result";
import { useResource } from "../../hooks/useResource";

const messages = defineMessages({
  title: {
    id: "documents.signingPages.title",
    defaultMessage: "Signing pages",
    description: "Heading: the web pages where recipients sign, which the built-in sandbox serves.",
  },
  unreadable: {
    id: "documents.signingPages.unreadable",
    defaultMessage: "The sandbox's signing pages could not be read: {reason}",
  },
  hint: {
    id: "documents.signingPages.hint",
    defaultMessage: "The sandbox e-mails no one: open a recipient's page here, in your browser, to sign as them.",
  },
  none: { id: "documents.signingPages.none", defaultMessage: "No signing page from the sandbox" },
  open: {
    id: "documents.signingPages.open",
    defaultMessage: "Open signing page<hidden> for {name}</hidden>",
    description: "A link; the part in <hidden> is read by screen readers only. {name} is the recipient's name.",
  },
});

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
  const intl = useIntl();
  const [mail] = useResource(() => sandboxMessages(bridge, record), [bridge, record.accountId, record.pdfId]);
  if (record.finished || mail.status === "loading") return null;
  if (mail.status === "ready" && mail.value === null) return null;
  const byEmail = new Map<string, z.infer<typeof OutboxMessageSchema>>(
    mail.status === "ready" ? (mail.value ?? []).map((message) => [message.to.toLowerCase(), message]) : [],
  );
  return (
    <section aria-labelledby="detail-signing-title" className="detail-section">
      <h2 id="detail-signing-title">{intl.formatMessage(messages.title)}</h2>
      {mail.status === "failed" ? (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.unreadable, { reason: mail.message })}
        </p>
      ) : (
        <>
          <p className="muted small">{intl.formatMessage(messages.hint)}</p>
          <ul className="detail-list signing-links" aria-labelledby="detail-signing-title">
            {record.recipients.map((recipient) => {
              const message = byEmail.get(recipient.email.toLowerCase());
              return (
                <li key={recipient.email}>
                  <span>
                    <bdi className="recipient-name">{recipient.name}</bdi>{" "}
                    <span className="muted" dir="ltr">
                      &lt;{recipient.email}&gt;
                    </span>
                  </span>
                  {message === undefined ? (
                    <span className="muted">{intl.formatMessage(messages.none)}</span>
                  ) : (
                    <a className="inbox-link" href={message.signingUrl} target="_blank" rel="noreferrer">
                      <FormattedMessage
                        {...messages.open}
                        values={{
                          name: <bdi>{recipient.name}</bdi>,
                          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                        }}
                      />
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
