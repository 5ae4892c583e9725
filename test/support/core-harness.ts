import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { channelNames } from "../../common/channels";
import type { ArgsInputOf, EventName, MethodName, ResultOf } from "../../common/contract";
import type { IpcResult } from "../../common/result";
import { osKeychain, type SecretStore } from "../../main/accounts/keychain";
import { type CoreOptions, type RunningCore, startCore } from "../../main/core";
import { createHandlers } from "../../main/handlers";
import { confBackend } from "../../main/settings/settings";
import { manualClock } from "./manual-clock";
import { testIdentity } from "./test-identity";

export interface TestCore {
  core: RunningCore;
  userDataDir: string;
  downloadsDir: string;
  /** The OS keychain's service this core keeps its secrets in (its own, removed with it). */
  keychain: SecretStore;
  /** Every IPC answer and event payload, as the renderer would receive them. */
  transcript: unknown[];
  events: { event: EventName; payload: unknown }[];
  logs: string[];
  /** Calls a channel through the real dispatcher (validation included); answers the whole IpcResult. */
  invoke<M extends MethodName>(
    method: M,
    ...args: undefined extends ArgsInputOf<M> ? [args?: ArgsInputOf<M>] : [args: ArgsInputOf<M>]
  ): Promise<IpcResult<ResultOf<M>>>;
  /** Like invoke, but answers the value and throws the error's message. */
  call<M extends MethodName>(
    method: M,
    ...args: undefined extends ArgsInputOf<M> ? [args?: ArgsInputOf<M>] : [args: ArgsInputOf<M>]
  ): Promise<ResultOf<M>>;
  close(): Promise<void>;
}

/** The main process's core and handlers in this process: what Electron runs, minus Electron. */
export async function startTestCore(options: Partial<CoreOptions> = {}): Promise<TestCore> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "signdesk-core-"));
  const downloadsDir = await mkdtemp(path.join(tmpdir(), "signdesk-core-downloads-"));
  const transcript: unknown[] = [];
  const events: { event: EventName; payload: unknown }[] = [];
  const logs: string[] = [];
  const keychain = osKeychain(`signdesk-test-${randomUUID()}`);
  const core = await startCore({
    userDataDir,
    downloadsDir,
    keychain,
    settingsBackend: confBackend(userDataDir),
    emit: (event, payload) => {
      events.push({ event, payload });
      transcript.push(payload);
    },
    log: (message) => logs.push(message),
    ...options,
    // The client's time-outs never pass by themselves here (manual-clock.ts): a busy machine never makes an answer
    // late. A test that needs one to pass gives timers of its own and fires them.
    client: { timers: manualClock(), ...options.client },
  });
  const dispatcher = createHandlers({
    app: testIdentity,
    core,
    onUnexpectedError: (channel, error) => logs.push(`${channel}: ${String(error)}`),
  });
  const invoke = (async (method: MethodName, args?: unknown) => {
    const result = await dispatcher.invoke(channelNames[method], args);
    transcript.push(result);
    return result;
  }) as TestCore["invoke"];
  const call = (async (method: MethodName, args?: unknown) => {
    const result = await (invoke as (m: MethodName, a?: unknown) => Promise<IpcResult<unknown>>)(method, args);
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
    return result.value;
  }) as TestCore["call"];
  return {
    core,
    userDataDir,
    downloadsDir,
    keychain,
    transcript,
    events,
    logs,
    invoke,
    call,
    async close() {
      const accounts = core.accounts.list();
      const proxies = core.proxySignIns.kept();
      await core.close();
      // Leave nothing in the test keychain service.
      for (const account of accounts) await keychain.delete(account.id).catch(() => {});
      for (const proxy of proxies) await keychain.delete(`proxy:${proxy}`).catch(() => {});
      await rm(userDataDir, { recursive: true, force: true });
      await rm(downloadsDir, { recursive: true, force: true });
    },
  };
}
