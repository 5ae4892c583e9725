import { mkdir } from "node:fs/promises";
import type { MethodName } from "../common/channels";
import type { Navigation } from "../common/contract";
import { loadCatalog } from "../common/i18n/catalog";
import { defineMessages } from "../common/i18n/define-messages";
import { type Phrase, phrase } from "../common/i18n/phrase";
import type { Core } from "./core-types";
import { saveSupportBundle } from "./diagnostics/support-bundle";
import { createDispatcher, type Dispatcher } from "./dispatch";
import { draftSaveProblem } from "./drafts/draft-errors";
import { HandlerError } from "./handler-error";
import { accountHandlers } from "./handlers/accounts";
import { bulkHandlers } from "./handlers/bulk";
import { clipboardHandlers } from "./handlers/clipboard";
import { documentHandlers } from "./handlers/documents";
import { draftHandlers } from "./handlers/drafts";
import { libreOfficeHandlers } from "./handlers/libreoffice";
import { outboxHandlers } from "./handlers/outbox";
import { proxyHandlers } from "./handlers/proxy";
import { sandboxHandlers } from "./handlers/sandbox";
import { templateByIdHandlers } from "./handlers/template-by-id";
import { templateHandlers } from "./handlers/templates";
import { updateHandlers } from "./handlers/updates";
import { webhookHandlers } from "./handlers/webhooks";
import { productName } from "./product-name";
import type { UpdateService } from "./updates/update-service";

const messages = defineMessages({
  notNeeded: {
    id: "main.startup.notNeeded",
    defaultMessage: "{app} started normally: there is no damaged data to set aside.",
  },
});

export interface AppIdentity {
  name: string;
  version: string;
  platform: string;
  arch: string;
  electronVersion: string | null;
}

export interface HandlerDeps {
  app: AppIdentity;
  core: Core;
  /** This copy's updates (main/updates/); absent where there is no installed copy to update (the Chromium harness). */
  updates?: UpdateService;
  /** Where a signdesk:// link that started the app asks the window to go (main/electron/deep-links.ts), once. */
  takeNavigation?: () => Navigation | null;
  /** Where unexpected failures are reported (never shown to the user in full). */
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

/** A draft the contract refuses is told as DraftStore.save tells it ("Draft "…" cannot be saved: …"). */
function describeRefusal(method: MethodName, rawArgs: unknown): Phrase | string | null {
  if (method !== "draftsSave" || typeof rawArgs !== "object" || rawArgs === null || Array.isArray(rawArgs)) return null;
  return draftSaveProblem((rawArgs as { draft?: unknown }).draft);
}

/** The one place IPC handlers are built; plain Node, shared by Electron and the Chromium harness. */
export function createHandlers(deps: HandlerDeps): Dispatcher {
  const { core } = deps;
  return createDispatcher(
    {
      appInfo: () => {
        const account = core.accounts.active();
        return {
          ...deps.app,
          activeAccount: account === null ? null : { name: account.name, baseUrl: account.baseUrl },
          notices: [...core.notices],
          startupFailure: null,
        };
      },
      appTakeNavigation: () => deps.takeNavigation?.() ?? null,
      localeGet: () => core.intl.state,
      localeSet: ({ choice }) => core.intl.choose(choice),
      localeCatalog: ({ locale }) => loadCatalog(locale),
      appRecover: () => {
        throw new HandlerError("not_needed", phrase(messages.notNeeded, { app: productName }));
      },
      ...accountHandlers(
        core.accounts,
        () => {
          const active = core.accounts.active();
          if (active !== null) core.connection.announce(active.id);
          core.emit("outbox:changed", core.outbox.summary(active?.id ?? null));
          void core.tracker.refreshNow();
        },
        (id) => core.outbox.resumeAccount(id),
      ),
      ...draftHandlers(core.drafts, core.scratchDir),
      ...libreOfficeHandlers(core),
      ...templateHandlers(core),
      ...templateByIdHandlers(core),
      ...documentHandlers(core),
      ...bulkHandlers(core),
      ...webhookHandlers(core),
      ...outboxHandlers(core),
      ...sandboxHandlers(core),
      ...clipboardHandlers(core),
      ...proxyHandlers(core),
      ...updateHandlers(deps.updates ?? null, deps.app.version),
      diagnosticsSave: async () => {
        await mkdir(core.downloadsDir, { recursive: true });
        return { path: await saveSupportBundle(core, deps.app, new Date(core.clock.now())) };
      },
    },
    { onUnexpectedError: deps.onUnexpectedError, describeRefusal, render: (phrase) => core.intl.render(phrase) },
  );
}
