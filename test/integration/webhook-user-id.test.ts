import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestCore, type TestCore } from "../support/core-harness";
import { describeWith } from "../support/requirements";

/**
 * The webhook guide's registration example carries a `user_id` (API-SPEC.md 4.3; the endpoint's reference body
 * does not): an account can set one, and registerWebhook's JSON body carries it only then.
 */

/** A stand-in for the service that records registerWebhook's bodies and answers as the reference does (201). */
async function startRecorder(): Promise<{ url: string; bodies: Record<string, unknown>[]; server: Server }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/registerWebhook") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"message":"Not found.","error":404}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      bodies.push(body);
      const webhook = { webhook_id: randomUUID(), url: body.url, eventType: body.eventType };
      res
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "Webhook registered successfully", webhook }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

describeWith("secret-service", "the webhook user ID of an account", () => {
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  let app: TestCore;
  let accountId: string;

  beforeAll(async () => {
    recorder = await startRecorder();
    app = await startTestCore({ embeddedSandbox: false });
    const account = await app.call("accountsAdd", { name: "Recorded", baseUrl: recorder.url, apiKey: "sk_recorded" });
    accountId = account.id;
    await app.call("accountsSetActive", { id: accountId });
  });
  afterAll(async () => {
    await app?.close();
    recorder?.server.closeAllConnections();
    await new Promise((resolve) => recorder?.server.close(resolve));
  });

  const register = (url: string) => app.call("webhooksRegister", { url, eventType: "document.signed", secret: "s3" });

  it("is sent as user_id only while the account has one", async () => {
    expect((await app.call("accountsList")).accounts.find((account) => account.id === accountId)).not.toHaveProperty(
      "webhookUserId",
    );
    await register("https://hooks.example.com/a");
    expect(recorder.bodies.at(-1)).toEqual({
      url: "https://hooks.example.com/a",
      eventType: "document.signed",
      secret: "s3",
    });

    const updated = await app.call("accountsUpdate", { id: accountId, webhookUserId: "  user-42 " });
    expect(updated.webhookUserId).toBe("user-42");
    // Other changes keep it.
    expect((await app.call("accountsUpdate", { id: accountId, name: "Recorded too" })).webhookUserId).toBe("user-42");
    await register("https://hooks.example.com/b");
    expect(recorder.bodies.at(-1)).toEqual({
      url: "https://hooks.example.com/b",
      eventType: "document.signed",
      secret: "s3",
      user_id: "user-42",
    });

    const cleared = await app.call("accountsUpdate", { id: accountId, webhookUserId: " " });
    expect(cleared).not.toHaveProperty("webhookUserId");
    await register("https://hooks.example.com/c");
    expect(recorder.bodies.at(-1)).not.toHaveProperty("user_id");
  });

  it("can be given when the account is added, and is checked like the other fields", async () => {
    const added = await app.call("accountsAdd", {
      name: "With user",
      baseUrl: recorder.url,
      apiKey: "sk_other",
      webhookUserId: "u-7",
    });
    expect(added.webhookUserId).toBe("u-7");
    expect(await app.invoke("accountsUpdate", { id: accountId, webhookUserId: "x".repeat(201) })).toMatchObject({
      ok: false,
      error: { code: "invalid_argument" },
    });
  });
});
