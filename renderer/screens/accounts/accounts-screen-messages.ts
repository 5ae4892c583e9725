import { defineMessages } from "../../../common/i18n/define-messages";

/** The words of AccountsScreen.tsx, apart from its code. */
export const accountsScreenMessages = defineMessages({
  outcomeOk: { id: "accounts.test.ok", defaultMessage: "Connected.", description: "A connection test's outcome." },
  outcomeWrongKey: {
    id: "accounts.test.wrongKey",
    defaultMessage: "Wrong API key.",
    description: "A connection test's outcome.",
  },
  outcomeUnreachable: {
    id: "accounts.test.unreachable",
    defaultMessage: "Unreachable.",
    description: "A connection test's outcome: the service did not answer.",
  },
  outcomeNotThisService: {
    id: "accounts.test.notThisService",
    defaultMessage: "Not the signing service.",
    description: "A connection test's outcome: something answered, but not the e-signature service.",
  },
  outcomeNoKey: {
    id: "accounts.test.noKey",
    defaultMessage: "No API key stored.",
    description: "A connection test's outcome.",
  },
  nowActive: {
    id: "accounts.screen.nowActive",
    defaultMessage: "{name} is now the active account: templates, documents and webhooks use it.",
  },
  notMadeActive: { id: "accounts.screen.notMadeActive", defaultMessage: "{name} could not be made active: {reason}" },
  summary: {
    id: "accounts.screen.summary",
    defaultMessage:
      "The services {app} talks to. API keys are kept in your system keychain, never in files, and are never shown again. The active account is the one templates, documents and webhooks use.",
  },
  yourAccounts: {
    id: "accounts.screen.yourAccounts",
    defaultMessage: "Your accounts",
    description: "Section heading.",
  },
  loading: { id: "accounts.screen.loading", defaultMessage: "Loading accounts…" },
  readFailed: { id: "accounts.screen.readFailed", defaultMessage: "The accounts could not be read: {reason}" },
  none: { id: "accounts.screen.none", defaultMessage: "No accounts yet: add one below." },
  activeBadge: {
    id: "accounts.screen.activeBadge",
    defaultMessage: "Active",
    description: "Badge: the active account.",
  },
  sandboxBadge: { id: "accounts.screen.sandboxBadge", defaultMessage: "Built-in sandbox", description: "Badge." },
  meta: {
    id: "accounts.screen.meta",
    defaultMessage:
      "{kind, select, sandbox {Runs on this computer at {url}} other {{url}}} · positions from the {origin, select, topLeft {top-left} other {bottom-left}} corner · added {when}{hasWebhookUser, select, yes { · webhook user ID <code>{webhookUser}</code>} other {}}{kind, select, sandbox { · built in: it cannot be removed} other {}}",
    description:
      "Under an account's name: its service address, the corner field positions are measured from, when it was added ('5 minutes ago'), its webhook user ID if set, and whether it is the built-in sandbox.",
  },
  makeActive: {
    id: "accounts.screen.makeActive",
    defaultMessage: "Make active<hidden> ({name})</hidden>",
    description: "Button; the part in <hidden> is read by screen readers only.",
  },
  switching: {
    id: "accounts.screen.switching",
    defaultMessage: "Switching…<hidden> ({name})</hidden>",
    description: "The Make active button while it works; the part in <hidden> is read by screen readers only.",
  },
  testConnection: {
    id: "accounts.screen.testConnection",
    defaultMessage: "Test connection<hidden> of {name}</hidden>",
    description: "Button; the part in <hidden> is read by screen readers only.",
  },
  testing: {
    id: "accounts.screen.testing",
    defaultMessage: "Testing…<hidden> of {name}</hidden>",
    description: "The Test connection button while it works; the part in <hidden> is read by screen readers only.",
  },
  edit: {
    id: "accounts.screen.edit",
    defaultMessage: "Edit<hidden> {name}</hidden>",
    description: "Button; the part in <hidden> is read by screen readers only.",
  },
  remove: {
    id: "accounts.screen.remove",
    defaultMessage: "Remove<hidden> {name}</hidden>…",
    description: "Button; the part in <hidden> is read by screen readers only.",
  },
  testingConnection: { id: "accounts.screen.testingConnection", defaultMessage: "Testing the connection to {url}…" },
  testCouldNotRun: { id: "accounts.screen.testCouldNotRun", defaultMessage: "The test could not run." },
  savedWithKey: {
    id: "accounts.screen.savedWithKey",
    defaultMessage: "Saved {name}, with its new API key. Test the connection to check it.",
  },
  saved: { id: "accounts.screen.saved", defaultMessage: "Saved {name}." },
  addAccount: {
    id: "accounts.screen.addAccount",
    defaultMessage: "Add an account…",
    description: "Button: opens the form.",
  },
  added: {
    id: "accounts.screen.added",
    defaultMessage:
      "Added {name}. Use “Test connection” to check its key{first, select, yes {} other {, and “Make active” to use it}}.",
    description: "“Test connection” and “Make active” are the buttons' words.",
  },
  removeTitle: { id: "accounts.remove.title", defaultMessage: "Remove {name}?" },
  removeConfirm: { id: "accounts.remove.confirm", defaultMessage: "Remove account", description: "Button." },
  removing: { id: "accounts.remove.removing", defaultMessage: "Removing…" },
  notRemoved: { id: "accounts.remove.notRemoved", defaultMessage: "{name} was not removed: {reason}" },
  removed: { id: "accounts.remove.removed", defaultMessage: "Removed {name} and its API key." },
  removeExplanation: {
    id: "accounts.remove.explanation",
    defaultMessage:
      "{app} forgets <strong>{name}</strong> (<address>{url}</address>): its API key is deleted from the system keychain, and the templates, documents and webhooks recorded for it are removed from this app. Nothing is deleted at the service.",
  },
  becomesActive: {
    id: "accounts.remove.becomesActive",
    defaultMessage: "It is the active account: {next} becomes active instead.",
    description: "{next}: the account that becomes active.",
  },
  noneBecomesActive: {
    id: "accounts.remove.noneBecomesActive",
    defaultMessage: "It is the active account: no account becomes active instead.",
  },
});
