import { defineMessages } from "../../common/i18n/define-messages";
import { isolate } from "../../common/i18n/isolate";
import { phrase } from "../../common/i18n/phrase";
import type { DocumentChange } from "../../common/records";
import type { DesktopNotification } from "../core-parts";

const messages = defineMessages({
  declinedTitle: { id: "main.notify.declinedTitle", defaultMessage: "Declined", description: "Notification title" },
  declined: { id: "main.notify.declined", defaultMessage: '"{name}" was declined.' },
  completeTitle: {
    id: "main.notify.completeTitle",
    defaultMessage: "Signed by everyone",
    description: "Notification title",
  },
  complete: {
    id: "main.notify.complete",
    defaultMessage: '"{name}" is complete: the signed PDF is ready to download.',
  },
  signedTitle: { id: "main.notify.signedTitle", defaultMessage: "New signature", description: "Notification title" },
  signed: {
    id: "main.notify.signed",
    defaultMessage: '{who, select, everyone {Everyone has signed} other {Someone signed}} "{name}".',
  },
  changedTitle: { id: "main.notify.changedTitle", defaultMessage: "Status changed", description: "Notification title" },
  changed: {
    id: "main.notify.changed",
    defaultMessage: '"{name}" is now {status}.',
    description: "{status} is the service's own name of the document's status",
  },
});

/** The desktop notification for a status change: signed by someone, finished, or declined. */
export function describeChange(change: DocumentChange): DesktopNotification {
  // The notification is plain text: the document's name keeps its own direction inside the sentence.
  const name = isolate(change.name);
  if (change.to === "declined")
    return { title: phrase(messages.declinedTitle), body: phrase(messages.declined, { name }), pdfId: change.pdfId };
  if (change.finalPdfReady) {
    return {
      title: phrase(messages.completeTitle),
      body: phrase(messages.complete, { name }),
      pdfId: change.pdfId,
    };
  }
  if (change.to === "partially_signed" || change.to === "signed") {
    const who = change.to === "signed" ? "everyone" : "someone";
    return { title: phrase(messages.signedTitle), body: phrase(messages.signed, { who, name }), pdfId: change.pdfId };
  }
  return {
    title: phrase(messages.changedTitle),
    body: phrase(messages.changed, { name, status: change.to }),
    pdfId: change.pdfId,
  };
}
