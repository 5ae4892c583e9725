import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AccountSchema } from "../../common/accounts";
import { createDispatcher, type HandlerImplementations, invalidDataMessage } from "../../main/dispatch";
import { parseArgument } from "../../main/handler-error";

/** Only appInfo is implemented: these tests are about how a handler's failure is answered. */
const failingAppInfo = (fail: () => never) => ({ appInfo: fail }) as unknown as HandlerImplementations;

describe("a schema failing inside a handler", () => {
  it("is invalid_argument with the rule when the handler checks its caller's arguments (parseArgument)", async () => {
    const dispatcher = createDispatcher(
      failingAppInfo(() => {
        parseArgument(z.object({ name: z.string().min(1, "Give it a name.") }), { name: "" });
        throw new Error("not reached");
      }),
    );
    await expect(dispatcher.invoke("app:info", undefined)).resolves.toEqual({
      ok: false,
      error: { code: "invalid_argument", message: "✖ Give it a name.\n  → at name" },
    });
  });

  it("is invalid_data, reported but not the caller's fault, when it checks stored data or a service's answer", async () => {
    const reported: unknown[] = [];
    const dispatcher = createDispatcher(
      failingAppInfo(() => {
        // As Settings.update or a service answer's check would throw.
        AccountSchema.parse({ id: "a", name: "", baseUrl: "x", coordinateOrigin: "left", kind: "service" });
        throw new Error("not reached");
      }),
      { onUnexpectedError: (_channel, error) => reported.push(error) },
    );
    const answer = await dispatcher.invoke("app:info", undefined);
    expect(answer).toEqual({ ok: false, error: { code: "invalid_data", message: invalidDataMessage("app:info") } });
    expect(answer.ok === false && answer.error.message).not.toMatch(/name|left|Too small/);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(z.ZodError);
  });
});
