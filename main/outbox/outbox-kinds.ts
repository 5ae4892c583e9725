import { type Phrase, phrase } from "../../common/i18n/phrase";
import type { OutboxKind } from "../../common/outbox";
import type { JobKindRules } from "../jobs/job-policy";
import type { JournalledItem } from "./outbox-journal";
import { outboxMessages } from "./outbox-messages";
import type { KindAndRequest } from "./outbox-request";

/** How each kind of item reads its failures (jobs/job-policy.ts). */
export const outboxKindRules: Record<OutboxKind, JobKindRules> = {
  // The service offers no list of templates: an upload whose answer is lost waits for the person.
  createTemplate: { repeatable: false, checkable: false, onNotFound: "failed" },
  createAndSend: { repeatable: false, checkable: true, onNotFound: "failed" },
  sendFromTemplate: { repeatable: false, checkable: true, onNotFound: "failed" },
  registerWebhook: { repeatable: true, checkable: false, onNotFound: "failed" },
  // Deleting a webhook the service no longer has: it is gone, as asked.
  deleteWebhook: { repeatable: true, checkable: false, onNotFound: "done" },
};

function kindsWhere(test: (rules: JobKindRules) => boolean): ReadonlySet<string> {
  return new Set(
    Object.entries(outboxKindRules)
      .filter(([, rules]) => test(rules))
      .map(([kind]) => kind),
  );
}

/** Items that make a document on the service: one whose answer is lost is checked with the service's listing. */
export const documentKinds = kindsWhere((rules) => rules.checkable);
/** Webhook calls are safe to repeat: one whose answer is lost simply goes again. */
export const webhookKinds = kindsWhere((rules) => rules.repeatable);

/** Two items with the same key go out one after the other: a draft's versions, one webhook address. */
export function conflictKey(request: KindAndRequest): string | null {
  switch (request.kind) {
    case "createTemplate":
    case "createAndSend":
      return `draft ${request.request.draftId}`;
    case "registerWebhook":
    case "deleteWebhook":
      return `webhook ${request.request.url}`;
    default:
      return null;
  }
}

/** The name the service gives the document an item makes: its template's. */
export function serviceNameOf(request: KindAndRequest): string | undefined {
  if (request.kind === "sendFromTemplate") return request.request.serviceName;
  if (request.kind === "createAndSend") return request.request.templateName;
  return undefined;
}

export function inDoubtMessage(item: JournalledItem): Phrase {
  return phrase(documentKinds.has(item.kind) ? outboxMessages.inDoubtDocument : outboxMessages.inDoubtTemplate);
}
