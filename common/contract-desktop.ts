import { z } from "zod";
import { channelNames } from "./channels";
import { ProxyAddressSchema, ProxyCredentialsSchema } from "./proxy";
import { OutboxMessageSchema } from "./records";
import { UpdateStateSchema } from "./updates";

/* The IPC contract's parts every channel is made of, and the channels for the desktop around the documents: the
 * sandbox's inbox, the clipboard, diagnostics and a proxy's sign-in (contract.ts holds the others and the events). */

export const NoArgs = z.undefined({ error: "this call takes no arguments" });
export const Id = z.string().min(1).max(200);
export const Nothing = z.null();
export const Bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  error: "expected the file's bytes",
});
/** Correlates transfer:progress events with the call that started the transfer. */
export const TransferId = z.string().min(1).max(100);
/** What the window may put on the clipboard: a short text (an ID, an address), never a document. */
const CopiedText = z.string().min(1).max(1_000);

export const desktopChannels = {
  sandboxOutbox: { channel: channelNames.sandboxOutbox, args: NoArgs, result: z.array(OutboxMessageSchema) },
  /** A one-time address of the sandbox's inbox page that opens without the API key (sandbox/auth/inbox-access.ts). */
  sandboxInboxLink: { channel: channelNames.sandboxInboxLink, args: NoArgs, result: z.object({ url: z.url() }) },
  /**
   * Puts a short text (a template's ID) on the system clipboard. The window's own clipboard is refused (every
   * permission is), so main writes it: Electron's clipboard in the app; "not_available" where there is none.
   */
  clipboardWriteText: {
    channel: channelNames.clipboardWriteText,
    args: z.object({ text: CopiedText }),
    result: Nothing,
  },
  /**
   * Writes a support bundle (logs, versions, settings and records' health, no secret or name) to the Downloads
   * folder; shown with documentsShowInFolder.
   */
  diagnosticsSave: { channel: channelNames.diagnosticsSave, args: NoArgs, result: z.object({ path: z.string() }) },
  /** The proxies that asked for a user name and password and were not answered yet ("host:port"). */
  proxyWaiting: { channel: channelNames.proxyWaiting, args: NoArgs, result: z.array(ProxyAddressSchema) },
  /** The person's user name and password for a proxy that asked: kept in the OS keychain, never sent back. */
  proxySignIn: {
    channel: channelNames.proxySignIn,
    args: z.object({ proxy: ProxyAddressSchema, credentials: ProxyCredentialsSchema }),
    result: Nothing,
  },
  /** The version running and where its update stands (updates:changed tells each change). */
  updatesState: { channel: channelNames.updatesState, args: NoArgs, result: UpdateStateSchema },
  /** "Check for updates": answers once the check is done; a download it finds goes on in the background. */
  updatesCheck: { channel: channelNames.updatesCheck, args: NoArgs, result: UpdateStateSchema },
  /** "Restart now": installs the downloaded update and starts it, at once or once nothing is being sent. */
  updatesRestart: { channel: channelNames.updatesRestart, args: NoArgs, result: UpdateStateSchema },
} as const;
