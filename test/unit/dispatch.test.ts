import { describe, expect, it } from "vitest";
import { channelNames, methodNames } from "../../common/channels";
import { channels } from "../../common/contract";
import { createDispatcher } from "../../main/dispatch";
import { HandlerError } from "../../main/handler-error";
import { createHandlers } from "../../main/handlers";

const identity = { name: "Signdesk", version: "1.2.3", platform: "linux", arch: "x64", electronVersion: "45.0.0" };

describe("createHandlers / dispatcher", () => {
  it("registers exactly the contract's channels", () => {
    const dispatcher = createHandlers({ app: identity, activeAccount: () => null });
    expect([...dispatcher.channelNames].sort()).toEqual(Object.values(channelNames).sort());
    expect(Object.keys(channels).sort()).toEqual([...methodNames].sort());
  });

  it("answers app:info with the identity and the active account", async () => {
    const dispatcher = createHandlers({
      app: identity,
      activeAccount: () => ({ name: "Acme", baseUrl: "https://api.example" }),
    });
    await expect(dispatcher.invoke("app:info", undefined)).resolves.toEqual({
      ok: true,
      value: { ...identity, activeAccount: { name: "Acme", baseUrl: "https://api.example" } },
    });
  });

  it("refuses an unknown channel", async () => {
    const dispatcher = createHandlers({ app: identity, activeAccount: () => null });
    await expect(dispatcher.invoke("fs:readFile", "/etc/passwd")).resolves.toMatchObject({
      ok: false,
      error: { code: "unknown_channel" },
    });
  });

  it("refuses invalid arguments before the handler runs", async () => {
    let calls = 0;
    const dispatcher = createDispatcher({
      appInfo: () => {
        calls += 1;
        return { ...identity, activeAccount: null };
      },
    });
    const result = await dispatcher.invoke("app:info", { unexpected: true });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(result.ok === false && result.error.message).toMatch(/^Invalid arguments for app:info: /);
    expect(calls).toBe(0);
  });

  it("passes a HandlerError's code and message through", async () => {
    const dispatcher = createDispatcher({
      appInfo: () => {
        throw new HandlerError("auth", "Invalid or expired API key.");
      },
    });
    await expect(dispatcher.invoke("app:info", undefined)).resolves.toEqual({
      ok: false,
      error: { code: "auth", message: "Invalid or expired API key." },
    });
  });

  it("hides unexpected errors behind a generic message and reports them", async () => {
    const reported: unknown[] = [];
    const dispatcher = createDispatcher(
      {
        appInfo: async () => {
          throw new TypeError("secret internals at /home/user/.config");
        },
      },
      { onUnexpectedError: (_channel, error) => reported.push(error) },
    );
    const result = await dispatcher.invoke("app:info", undefined);
    expect(result).toEqual({
      ok: false,
      error: { code: "internal", message: "Something went wrong while handling app:info." },
    });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(TypeError);
  });
});
