import { describe, expect, it } from "vitest";
import { channelNames } from "../../common/channels";
import { createDispatcher, type HandlerImplementations } from "../../main/dispatch";
import { switchableDispatcher } from "../../main/startup-failure";
import { testIdentity } from "../support/test-identity";

const identity = { ...testIdentity, activeAccount: null, notices: [], startupFailure: null };
const withAppInfo = (appInfo: HandlerImplementations["appInfo"]) =>
  createDispatcher({ appInfo } as unknown as HandlerImplementations);

describe("the IPC handlers while the core starts (the window opens meanwhile)", () => {
  it("makes a call that comes before the core has started wait for the handlers it gets", async () => {
    const handlers = switchableDispatcher();
    let answered = false;
    const early = handlers.invoke(channelNames.appInfo, undefined).then((result) => {
      answered = true;
      return result;
    });
    // Every task queued so far has run: the call is still waiting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    handlers.use(withAppInfo(() => ({ ...identity, name: "started" })));
    expect(await early).toEqual({ ok: true, value: expect.objectContaining({ name: "started" }) });
  });

  it("answers with the handlers in use once switched again (the data set aside, the core started)", async () => {
    const handlers = switchableDispatcher();
    handlers.use(withAppInfo(() => ({ ...identity, name: "failure" })));
    expect(await handlers.invoke(channelNames.appInfo, undefined)).toEqual({
      ok: true,
      value: expect.objectContaining({ name: "failure" }),
    });
    handlers.use(withAppInfo(() => ({ ...identity, name: "recovered" })));
    expect(await handlers.invoke(channelNames.appInfo, undefined)).toEqual({
      ok: true,
      value: expect.objectContaining({ name: "recovered" }),
    });
  });
});
