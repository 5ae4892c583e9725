import { describe, expect, it } from "vitest";
import { channelNames, methodNames } from "../../common/channels";
import { channels } from "../../common/contract";
import type { IpcError } from "../../common/result";
import type { UserError } from "../../common/user-error";
import { KeychainUnavailableError } from "../../main/accounts/keychain";
import { BulkFileError } from "../../main/bulk/read-bulk-csv";
import { createDispatcher, type HandlerImplementations } from "../../main/dispatch";
import { DraftError } from "../../main/drafts/draft-errors";
import { HandlerError } from "../../main/handler-error";
import { UploadFileError } from "../../main/service/multipart-upload";
import { ServiceError } from "../../main/service/service-error";
import { PdfProblem } from "../../node-shared/pdf/pdf-problem";

const identity = {
  name: "Signdesk",
  version: "1.2.3",
  platform: "linux",
  arch: "x64",
  electronVersion: "45.0.0",
  notices: [],
  startupFailure: null,
};

/** Only appInfo is implemented here: these tests are about dispatch, not the handlers. */
const onlyAppInfo = (appInfo: HandlerImplementations["appInfo"]) => ({ appInfo }) as unknown as HandlerImplementations;
const plainInfo = () => ({ ...identity, activeAccount: null });

describe("dispatcher", () => {
  it("registers exactly the contract's channels", () => {
    const dispatcher = createDispatcher(onlyAppInfo(plainInfo));
    expect([...dispatcher.channelNames].sort()).toEqual(Object.values(channelNames).sort());
    expect(Object.keys(channels).sort()).toEqual([...methodNames].sort());
  });

  it("runs the handler and answers ok with its value", async () => {
    const value = { ...identity, activeAccount: { name: "Acme", baseUrl: "https://api.example" } };
    const dispatcher = createDispatcher(onlyAppInfo(() => value));
    await expect(dispatcher.invoke("app:info", undefined)).resolves.toEqual({ ok: true, value });
  });

  it("refuses an unknown channel", async () => {
    const dispatcher = createDispatcher(onlyAppInfo(plainInfo));
    await expect(dispatcher.invoke("fs:readFile", "/etc/passwd")).resolves.toMatchObject({
      ok: false,
      error: { code: "unknown_channel" },
    });
  });

  it("refuses invalid arguments before the handler runs", async () => {
    let calls = 0;
    const dispatcher = createDispatcher(
      onlyAppInfo(() => {
        calls += 1;
        return plainInfo();
      }),
    );
    const result = await dispatcher.invoke("app:info", { unexpected: true });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
    expect(result.ok === false && result.error.message).toMatch(/^Invalid arguments for app:info: /);
    expect(calls).toBe(0);
    const badAccount = await dispatcher.invoke("accounts:add", { name: "", baseUrl: 42 });
    expect(badAccount).toMatchObject({ ok: false, error: { code: "invalid_argument" } });
  });

  it("passes a HandlerError's code and message through", async () => {
    const dispatcher = createDispatcher(
      onlyAppInfo(() => {
        throw new HandlerError("auth", "Invalid or expired API key.");
      }),
    );
    await expect(dispatcher.invoke("app:info", undefined)).resolves.toEqual({
      ok: false,
      error: { code: "auth", message: "Invalid or expired API key." },
    });
  });

  it("passes every module's errors meant for people with their codes, and hides the rest", async () => {
    const reported: unknown[] = [];
    const userErrors: [UserError, IpcError][] = [
      [
        new ServiceError({ category: "moved", message: "The service moved.", movedTo: "https://new.example.com" }),
        { code: "moved", message: "The service moved.", movedTo: "https://new.example.com" },
      ],
      [
        new ServiceError({ category: "timeout", message: "No answer in 30 s." }),
        { code: "timeout", message: "No answer in 30 s." },
      ],
      [new DraftError("not_found", "There is no draft x."), { code: "not_found", message: "There is no draft x." }],
      [new PdfProblem("The PDF is damaged."), { code: "unreadable_file", message: "The PDF is damaged." }],
      [new UploadFileError("Cannot read /tmp/a.pdf."), { code: "unreadable_file", message: "Cannot read /tmp/a.pdf." }],
      [new BulkFileError("This file is empty."), { code: "invalid_file", message: "This file is empty." }],
      [new KeychainUnavailableError(new Error("locked")), expect.objectContaining({ code: "keychain" })],
    ];
    for (const [error, expected] of userErrors) {
      const dispatcher = createDispatcher(
        onlyAppInfo(() => {
          throw error;
        }),
        { onUnexpectedError: (_channel, unexpected) => reported.push(unexpected) },
      );
      await expect(dispatcher.invoke("app:info", undefined), error.name).resolves.toEqual({
        ok: false,
        error: expected,
      });
    }
    expect(reported).toEqual([]);
    const unknown = createDispatcher(
      onlyAppInfo(async () => {
        throw new TypeError("secret internals at /home/user/.config");
      }),
      { onUnexpectedError: (_channel, error) => reported.push(error) },
    );
    expect(await unknown.invoke("app:info", undefined)).toEqual({
      ok: false,
      error: { code: "internal", message: "Something went wrong while handling app:info." },
    });
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(TypeError);
  });
});
