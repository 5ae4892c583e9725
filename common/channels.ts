/**
 * The names of the IPC contract, with no schemas attached, so the preload stays tiny.
 * `contract.ts` must give a schema for each of these, and its type forces the two to agree.
 */
export const channelNames = {
  appInfo: "app:info",
  appRecover: "app:recover",
  appTakeNavigation: "app:takeNavigation",
  localeGet: "locale:get",
  localeSet: "locale:set",
  localeCatalog: "locale:catalog",
  accountsList: "accounts:list",
  accountsAdd: "accounts:add",
  accountsUpdate: "accounts:update",
  accountsRemove: "accounts:remove",
  accountsSetActive: "accounts:setActive",
  accountsTestConnection: "accounts:testConnection",
  libreOfficeFind: "libreOffice:find",
  libreOfficeUse: "libreOffice:use",
  draftsList: "drafts:list",
  draftsCreateFromFile: "drafts:createFromFile",
  draftsOpen: "drafts:open",
  draftsSave: "drafts:save",
  draftsRename: "drafts:rename",
  draftsDuplicate: "drafts:duplicate",
  draftsDelete: "drafts:delete",
  draftsRestore: "drafts:restore",
  draftsFindFields: "drafts:findFields",
  templatesList: "templates:list",
  templatesCreate: "templates:create",
  templatesAddById: "templates:addById",
  templatesRemove: "templates:remove",
  templatesRename: "templates:rename",
  templatesSeenIds: "templates:seenIds",
  documentsList: "documents:list",
  documentsGet: "documents:get",
  documentsTemplateUse: "documents:templateUse",
  documentsSend: "documents:send",
  documentsRefresh: "documents:refresh",
  documentsWatch: "documents:watch",
  documentsImport: "documents:import",
  documentsDownload: "documents:download",
  documentsShowInFolder: "documents:showInFolder",
  documentsOpenFile: "documents:openFile",
  bulkReadFile: "bulk:readFile",
  bulkList: "bulk:list",
  bulkRows: "bulk:rows",
  bulkSentKeys: "bulk:sentKeys",
  bulkCreate: "bulk:create",
  bulkStart: "bulk:start",
  bulkPause: "bulk:pause",
  bulkCancel: "bulk:cancel",
  bulkExport: "bulk:export",
  webhooksList: "webhooks:list",
  webhooksRegister: "webhooks:register",
  webhooksDelete: "webhooks:delete",
  outboxList: "outbox:list",
  outboxCancel: "outbox:cancel",
  outboxRetry: "outbox:retry",
  outboxEditRecipients: "outbox:editRecipients",
  sandboxOutbox: "sandbox:outbox",
  sandboxInboxLink: "sandbox:inboxLink",
  clipboardWriteText: "clipboard:writeText",
  diagnosticsSave: "diagnostics:save",
  proxyWaiting: "proxy:waiting",
  proxySignIn: "proxy:signIn",
  updatesState: "updates:state",
  updatesCheck: "updates:check",
  updatesRestart: "updates:restart",
} as const;

export const eventNames = [
  "app:navigate",
  "documents:changed",
  "transfer:progress",
  "service:reachability",
  "bulk:progress",
  "outbox:changed",
  "desktop:failed",
  "proxy:signInNeeded",
  "updates:changed",
] as const;

export type MethodName = keyof typeof channelNames;
export type ChannelName = (typeof channelNames)[MethodName];
export type EventName = (typeof eventNames)[number];

export const methodNames = Object.keys(channelNames) as MethodName[];

export function isEventName(name: string): name is EventName {
  return (eventNames as readonly string[]).includes(name);
}
