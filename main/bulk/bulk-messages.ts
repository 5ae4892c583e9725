import { defineMessages } from "../../common/i18n/define-messages";

/** A bulk send's words made in main: errors, and why a row or a batch waits or failed (stored, shown later). */
export const bulkMessages = defineMessages({
  waitingForService: {
    id: "main.bulk.waitingForService",
    defaultMessage: "Waiting for the service: {reason}",
    description: "A bulk send waits for the service. {reason} is why, a sentence.",
  },
  sendingStopped: {
    id: "main.bulk.sendingStopped",
    defaultMessage: "Sending stopped: {reason}",
    description: "{reason} is a technical error message, in English.",
  },
  sentAgain: {
    id: "main.bulk.sentAgain",
    defaultMessage: "Its answer was lost and the service made no such document: it is sent again.",
  },
  probablySent: {
    id: "main.bulk.probablySent",
    defaultMessage:
      'Its answer was lost, and {count, plural, one {# new document} other {# new documents}} to these recipients appeared on the service: it was probably sent. Use "Import from service" on the Documents screen to see them.',
  },
  noSuchBatch: { id: "main.bulk.noSuchBatch", defaultMessage: "Signdesk has no record of that batch." },
  batchOver: {
    id: "main.bulk.batchOver",
    defaultMessage: "{state, select, done {This batch is finished.} other {This batch is cancelled.}}",
  },
});
