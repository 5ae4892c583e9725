import { defineMessages } from "../../common/i18n/define-messages";

/** The Outbox's words made in main: errors, and what an item says of why it waits or failed (stored, shown later). */
export const outboxMessages = defineMessages({
  waitingFor: {
    id: "main.outbox.waitingFor",
    defaultMessage: "Waiting for {account}: {reason}",
    description: "An outbox item waits for the account's service. {account} is the account's name.",
  },
  sentAgain: {
    id: "main.outbox.sentAgain",
    defaultMessage: "{reason} It is sent again: the service keeps one registration per address.",
    description: "A webhook registration whose answer was lost. {reason} is what happened, a sentence.",
  },
  checks: {
    id: "main.outbox.checks",
    defaultMessage: "{reason} Signdesk checks with the service whether it was sent before anything is sent again.",
    description: "{reason} is what happened, a sentence.",
  },
  inDoubtDocument: {
    id: "main.outbox.inDoubtDocument",
    defaultMessage:
      "Signdesk stopped while this was being sent: it checks with the service whether it was sent before anything is sent again.",
  },
  inDoubtTemplate: {
    id: "main.outbox.inDoubtTemplate",
    defaultMessage:
      'Signdesk stopped while this template was being uploaded, and the service offers no list of templates to check whether it was created. "Send again" uploads it again (the service may then keep two copies); "Cancel" drops it.',
  },
  sendingStopped: {
    id: "main.outbox.sendingStopped",
    defaultMessage: "Sending stopped: {reason}",
    description: "{reason} is a technical error message, in English.",
  },
  pausedInternal: {
    id: "main.outbox.pausedInternal",
    defaultMessage: '{reason} Sending to {account} is paused: "Send again" on an item goes on.',
  },
  pausedAccount: {
    id: "main.outbox.pausedAccount",
    defaultMessage: "{reason} Sending to {account} is paused until the key or address is fixed on the Accounts screen.",
  },
  stopped: { id: "main.outbox.stopped", defaultMessage: "Signdesk stopped." },
  notQueued: { id: "main.outbox.notQueued", defaultMessage: "This item is not queued any more." },
  lostPdf: { id: "main.outbox.lostPdf", defaultMessage: "The outbox lost this template's PDF." },
  lostSecret: {
    id: "main.outbox.lostSecret",
    defaultMessage: "This webhook's secret is no longer in the system keychain: cancel it and register it again.",
  },
  noSuchItem: { id: "main.outbox.noSuchItem", defaultMessage: "The outbox has no such item." },
  cancelRefused: {
    id: "main.outbox.cancelRefused",
    defaultMessage:
      "{state, select, sent {This item was sent already.} cancelled {This item was cancelled already.} unknown {Signdesk is checking with the service whether this was sent: it cannot be cancelled meanwhile.} other {This item is being sent now: it cannot be called back.}}",
  },
  cancelled: {
    id: "main.outbox.cancelled",
    defaultMessage:
      "{inDoubt, select, yes {Cancelled while it was in doubt: it may have been created on the service.} other {Cancelled before it was sent.}}",
  },
  alreadyDone: {
    id: "main.outbox.alreadyDone",
    defaultMessage: "{state, select, sent {This item was sent already.} other {This item was cancelled already.}}",
  },
  onlySend: { id: "main.outbox.onlySend", defaultMessage: "Only a send has recipients to change." },
  onlyFailed: { id: "main.outbox.onlyFailed", defaultMessage: "Only a send that failed can be changed." },
  recipientCount: {
    id: "main.outbox.recipientCount",
    defaultMessage: "This send has {count, plural, one {# recipient} other {# recipients}}; enter exactly as many.",
  },
  changedMeanwhile: { id: "main.outbox.changedMeanwhile", defaultMessage: "This item changed meanwhile." },
  inOutboxPaused: {
    id: "main.outbox.inOutboxPaused",
    defaultMessage: "“{title}” is in the Outbox. {paused}",
    description: "{title} is the template's or document's name; {paused} why the account's sending is paused.",
  },
  earlierWait: {
    id: "main.outbox.earlierWait",
    defaultMessage:
      "{count, plural, one {# earlier item waits} other {# earlier items wait}} in the Outbox: “{title}” is in the Outbox too, and is sent after {count, plural, one {it} other {them}}.",
  },
  earlierWaitQueued: {
    id: "main.outbox.earlierWaitQueued",
    defaultMessage:
      "{count, plural, one {# earlier item waits} other {# earlier items wait}} in the Outbox. “{title}” is in the Outbox. {willBeSent}",
    description:
      "The service cannot be reached either. {willBeSent} is the sentence “It will be sent when … is reachable.”",
  },
  queued: {
    id: "main.outbox.queued",
    defaultMessage: "{why} “{title}” is in the Outbox. {willBeSent}",
    description:
      "{why} is why it was not sent now (a sentence); {willBeSent} the sentence “It will be sent when … is reachable.”",
  },
  templateUnknown: {
    id: "main.outbox.templateUnknown",
    defaultMessage:
      'Unknown whether the template was created: {lost} The service offers no list of templates to check, so Signdesk did not upload it again, and nobody was e-mailed. It stays in the Outbox: "Send again" there uploads it again (the service may then keep two copies of the template), "Cancel" drops it.',
  },
  foundRecorded: {
    id: "main.outbox.foundRecorded",
    defaultMessage:
      "{lost} The document Signdesk found was recorded meanwhile as another send's: look in Documents before sending again.",
  },
  foundAbsent: {
    id: "main.outbox.foundAbsent",
    defaultMessage:
      "{lost} Signdesk checked with the service for {checkedFor} and no such document appeared: nothing was sent. You can send again.",
  },
  foundSeveral: {
    id: "main.outbox.foundSeveral",
    defaultMessage:
      '{lost} Since then, {count, plural, one {# document} other {# documents}} to these recipients that Signdesk did not know appeared on the service, and it cannot tell which one is this send: it was probably sent. Use "Import from service" on the Documents screen to see them before sending again.',
  },
  notChecked: {
    id: "main.outbox.notChecked",
    defaultMessage:
      '{lost} Signdesk could not check whether it was sent; it stays in the Outbox, which checks again when the service answers. Look in Documents after "Import from service" before sending again.',
  },
});
