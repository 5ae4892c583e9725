import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ConnectProxy, startConnectProxy } from "../support/connect-proxy";
import { startTestCore, type TestCore } from "../support/core-harness";
import { makePdf } from "../support/pdf-fixtures";
import { describeWith } from "../support/requirements";
import { type RunningSandbox, startSandbox } from "../support/sandbox";

/*
 * Issue 31: main behind a company's proxy. The system's settings (here given as Electron's resolveProxy would answer)
 * send the service's requests through a loopback proxy that wants a user name and password: the person is asked once
 * (an event to the window), what they give is kept in the OS keychain only, and every request after it (reads, an
 * upload, a queued send) goes through the proxy, signed in. A refused sign-in queues sends; it never pauses them.
 */

describeWith("secret-service", "main behind a proxy that asks for a user name and password", () => {
  let running: RunningSandbox;
  let proxy: ConnectProxy;
  let app: TestCore;
  const password = "p@ss:wörd ✓";

  beforeAll(async () => {
    running = await startSandbox();
    proxy = await startConnectProxy();
    app = await startTestCore({
      embeddedSandbox: false,
      resolveProxy: async () => `PROXY ${proxy.address}; DIRECT`,
      tracker: { minIntervalMs: 3_600_000, maxIntervalMs: 7_200_000 },
      outbox: { retryDelayMs: 100, maxRetryDelayMs: 400 },
      sendCheck: { scheduleMs: [0], listTimeoutMs: 60_000 },
    });
    const account = await app.call("accountsAdd", { name: "Behind proxy", baseUrl: running.url, apiKey: running.key });
    await app.call("accountsSetActive", { id: account.id });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await running?.close();
  });

  async function draftWithField(fileName: string) {
    const draft = await app.call("draftsCreateFromFile", { fileName, bytes: await makePdf() });
    await app.call("draftsSave", {
      draft: {
        ...draft,
        fields: [{ id: "n", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
      },
    });
    return draft;
  }

  it("goes through the proxy; a 407 asks the person once; signed in, reads and uploads go through", async () => {
    // Without a proxy that asks: through it, not around it.
    await app.call("documentsRefresh");
    expect(proxy.forwarded.some((url) => url.startsWith(`${running.url}/`))).toBe(true);

    proxy.requireAuth = `ada:${password}`;
    const refused = await app.invoke("templatesList");
    expect(refused.ok).toBe(true);
    const answer = await app.invoke("documentsImport", { transferId: "import" });
    expect(answer).toMatchObject({ ok: false });
    if (!answer.ok)
      expect(answer.error.message).toMatch(`The proxy ${proxy.address} asks for a user name and password`);
    const asks = () => app.events.filter((each) => each.event === "proxy:signInNeeded");
    expect(asks()).toEqual([{ event: "proxy:signInNeeded", payload: { proxy: proxy.address } }]);
    expect(await app.call("proxyWaiting")).toEqual([proxy.address]);
    // Refused again before the person answered: the window is not asked twice.
    await app.invoke("documentsImport", { transferId: "again" });
    expect(asks()).toHaveLength(1);

    // Only a proxy that asked; a user name with a colon cannot be sent in Basic authentication.
    const other = await app.invoke("proxySignIn", {
      proxy: "10.0.0.1:3128",
      credentials: { username: "ada", password },
    });
    expect(other).toMatchObject({ ok: false, error: { code: "not_asked" } });
    const colon = await app.invoke("proxySignIn", {
      proxy: proxy.address,
      credentials: { username: "a:da", password },
    });
    expect(colon).toMatchObject({ ok: false });

    await app.call("proxySignIn", { proxy: proxy.address, credentials: { username: "ada", password } });
    expect(await app.call("proxyWaiting")).toEqual([]);
    // Kept in the OS keychain; nowhere on disk, in a log or in what the window was sent.
    expect(JSON.parse((await app.keychain.get(`proxy:${proxy.address}`)) ?? "null")).toEqual({
      username: "ada",
      password,
    });
    const settings = await readFile(path.join(app.userDataDir, "settings.json"), "utf8").catch(() => "");
    expect(settings).not.toContain(password);
    expect(JSON.stringify(app.logs)).not.toContain(password);
    expect(JSON.stringify(app.transcript)).not.toContain(password);

    const imported = await app.invoke("documentsImport", { transferId: "signed-in" });
    expect(imported.ok).toBe(true);
    // A template's upload (multipart, streamed) through the proxy, signed in.
    const draft = await draftWithField("Behind the proxy.pdf");
    const made = await app.call("templatesCreate", { draftId: draft.id, transferId: "upload" });
    expect(made.template.templateId).not.toBe("");
    expect(proxy.forwarded).toContain(`${running.url}/createNewTemplate`);
    expect(proxy.authorizations.at(-1)).toBe(`ada:${password}`);
  });

  it("a send the proxy refuses is queued, not paused, and goes once the person signs in again", async () => {
    const { templates } = { templates: await app.call("templatesList") };
    const templateId = templates[0]?.templateId ?? "";
    proxy.requireAuth = "ada:changed";
    const answer = await app.invoke("documentsSend", {
      templateId,
      recipients: [{ name: "Ada", email: "ada.proxy@example.com" }],
    });
    expect(answer).toMatchObject({ ok: false, error: { code: "queued" } });
    if (!answer.ok) expect(answer.error.message).toMatch(`refused the user name and password Signdesk keeps for it`);
    expect((await app.call("outboxList")).summary).toMatchObject({ waiting: 1 });
    await expect.poll(() => app.call("proxyWaiting")).toEqual([proxy.address]);

    await app.call("proxySignIn", { proxy: proxy.address, credentials: { username: "ada", password: "changed" } });
    await expect.poll(async () => (await app.call("outboxList")).summary.waiting, { timeout: 60_000 }).toBe(0);
    const sent = (await app.call("documentsList")).documents.filter(
      (record) => record.recipients[0]?.email === "ada.proxy@example.com",
    );
    expect(sent).toHaveLength(1);
  });
});
