import { defineMessages } from "../../../common/i18n/define-messages";

/** The words of SendScreen.tsx, apart from its code. */
export const sendScreenMessages = defineMessages({
  unnamedGroup: {
    id: "send.unnamedGroup",
    defaultMessage: "Recipient {number, number}",
    description: "A template's recipient group that has no label, by its number (1 for the first).",
  },
  title: { id: "send.title", defaultMessage: "Send a document", description: "Heading of the Send screen." },
  intro: {
    id: "send.intro",
    defaultMessage:
      "Choose a template and enter one recipient for each of its recipient groups. The service e-mails each of them a link to sign.",
  },
  loadingTemplates: { id: "send.loadingTemplates", defaultMessage: "Loading templates…" },
  templatesFailed: {
    id: "send.templatesFailed",
    defaultMessage: "Templates could not be read: {reason}",
    description: "The reason is an error message.",
  },
  noTemplates: {
    id: "send.noTemplates",
    defaultMessage:
      "No templates yet: create one from a draft on the Templates screen, or add one made in the service’s web app by its ID there, then send it here.",
  },
  back: { id: "send.back", defaultMessage: "Back" },
  backToDocuments: { id: "send.backToDocuments", defaultMessage: "Back to Documents" },
  templateMissing: {
    id: "send.templateMissing",
    defaultMessage: "The template asked for is not listed for this account: choose one below.",
  },
  template: { id: "send.template", defaultMessage: "Template", description: "Label of the template's choice." },
  templateOption: {
    id: "send.templateOption",
    defaultMessage:
      "{name}{earlier, select, yes {, an earlier version} other {}} ({count, plural, one {# recipient} other {# recipients}})",
    description:
      "A template in the list to choose from: its name, whether it is an earlier version of a template, and how many recipient groups it has.",
  },
  templateAbout: {
    id: "send.templateAbout",
    defaultMessage: "Recipient groups: {groups} · {source, select, byId {added by ID} other {created}} {when}",
    description:
      "Under the template's choice: its recipient groups (listed); when it was created in Signdesk or added by its ID (e.g. 'created 5 minutes ago', 'added by ID yesterday').",
  },
  recipients: { id: "send.recipients", defaultMessage: "Recipients", description: "Legend of the recipients' fields." },
  recentSuggested: {
    id: "send.recentSuggested",
    defaultMessage: "Recent recipients are suggested as you type; a known name fills in the e-mail.",
  },
  fieldsNeedCorrecting: {
    id: "send.fieldsNeedCorrecting",
    defaultMessage:
      "{count, plural, one {One field needs} other {# fields need}} correcting before sending: {problems}",
    description: "Before sending: how many fields are wrong, then what is wrong with each (sentences).",
  },
  failureLead: {
    id: "send.failureLead",
    defaultMessage: "The service did not send the document",
    description: "Followed by a colon and the service's reason.",
  },
  failureAfterMove: {
    id: "send.failureAfterMove",
    defaultMessage: "press Send to send it there.",
    description:
      "After 'The account now uses <account>. Nothing was sent:' when the template moved to another account.",
  },
  cancel: { id: "send.cancel", defaultMessage: "Cancel" },
  checking: { id: "send.checking", defaultMessage: "Checking whether it was sent…" },
  sending: { id: "send.sending", defaultMessage: "Sending…" },
  sendAgain: {
    id: "send.sendAgain",
    defaultMessage: "Send again anyway",
    description: "The last send's outcome is unknown: sends the document again, knowing it may be sent twice.",
  },
  send: { id: "send.send", defaultMessage: "Send", description: "Button: sends the document for signature." },
});
