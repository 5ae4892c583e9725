import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServiceClient } from "../../main/service/client";
import { draftOf, startBehindFault } from "../support/behind-fault";
import type { TestCore } from "../support/core-harness";
import { serviceFailure as failure } from "../support/failure";
import { type FaultServer, startFaultServer } from "../support/fault-server";
import { manualClock } from "../support/manual-clock";
import { describeWith } from "../support/requirements";
import type { VariantServer } from "../support/variant-server";

/*
 * A redirect is followed only by a GET on the account's own host, with the key; a POST answered with one is never
 * sent again. The fault server stands between the app and the variant server.
 */

const ada = { name: "Ada Buyer", email: "ada@example.com" };
const bo = { name: "Bo Seller", email: "bo@example.com" };

describeWith("secret-service", "redirects", () => {
  let server: VariantServer;
  let fault: FaultServer;
  /** Another host (localhost, not 127.0.0.1) and another port: records whatever reaches it. */
  let elsewhere: FaultServer;
  let app: TestCore;
  let accountId: string;
  let templateId: string;

  beforeAll(async () => {
    ({ server, fault, app, accountId } = await startBehindFault("Moving", manualClock()));
    elsewhere = await startFaultServer({ upstream: server.url });
    templateId = (await app.call("templatesCreate", { draftId: await draftOf(app, "Deed.pdf"), transferId: "t" }))
      .template.templateId;
  });
  beforeEach(() => {
    server.reset();
    fault.reset();
    elsewhere.reset();
  });
  afterAll(async () => {
    await app?.close();
    await elsewhere?.close();
    await fault?.close();
    await server?.close();
  });

  const elsewhereUrl = () => elsewhere.url.replace("127.0.0.1", "localhost");

  it("a POST answered with a redirect is 'the service moved to <url>', never posted again; one update fixes it", async () => {
    const before = server.documents.size;
    fault.plan("/createFromTemplate", {
      kind: "redirect",
      status: 308,
      location: `${elsewhereUrl()}/createFromTemplate`,
    });
    const answer = await app.invoke("documentsSend", { templateId, recipients: [ada] });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: "moved",
        message: expect.stringMatching(
          new RegExp(
            `^The service moved to ${elsewhereUrl()}/createFromTemplate\\. .*nothing was sent.*Use the new address \\(${elsewhereUrl()}\\)`,
          ),
        ),
        movedTo: elsewhereUrl(),
      },
    });
    expect(fault.count("/createFromTemplate")).toBe(1);
    expect(elsewhere.requests).toEqual([]);
    expect(server.documents.size).toBe(before);

    // "Use the new address": accounts:update with the URL the error carries, then the send goes there.
    await app.call("accountsUpdate", { id: accountId, baseUrl: answer.ok ? "" : (answer.error.movedTo ?? "") });
    const record = await app.call("documentsSend", { templateId, recipients: [ada] });
    expect(elsewhere.count("/createFromTemplate")).toBe(1);
    expect(server.documents.has(record.pdfId)).toBe(true);
    await app.call("accountsUpdate", { id: accountId, baseUrl: fault.url });
  });

  it.each([301, 302, 307])("an upload answered %i is not uploaded again", async (status) => {
    fault.plan("/createNewTemplate", { kind: "redirect", status, location: "/v2/createNewTemplate" });
    const answer = await app.invoke("templatesCreate", { draftId: await draftOf(app, "Moved.pdf"), transferId: "m" });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: "moved", message: expect.stringContaining(`${fault.url}/v2/createNewTemplate`) },
    });
    expect(answer.ok ? null : answer.error.movedTo).toBe(`${fault.url}/v2`);
    expect(fault.requests.map((request) => request.path)).not.toContain("/v2/createNewTemplate");
    expect(fault.count("/createNewTemplate")).toBe(1);
  });

  describe("GET", () => {
    const client = (baseUrl: string) =>
      createServiceClient({ baseUrl, apiKey: async () => server.key, maxGetAttempts: 1, timers: manualClock() });

    it("is followed on the account's own host, with the key", async () => {
      const document = server.addDocument({ name: "Listed", recipients: [ada] });
      fault.plan("/old/getAllDocuments", { kind: "redirect", status: 301, location: "/getAllDocuments" });
      fault.plan("/old/getDocumentDetails", {
        kind: "redirect",
        status: 308,
        location: `${fault.url}/new/getDocumentDetails?pdf_id=${document.id}`,
      });
      fault.plan("/new/getDocumentDetails", {
        kind: "redirect",
        status: 307,
        location: `/getDocumentDetails?pdf_id=${document.id}`,
      });
      const moved = client(`${fault.url}/old`);
      expect((await moved.getAllDocuments()).documents.map((listed) => listed.id)).toContain(document.id);
      expect((await moved.getDocumentDetails(document.id)).document.name).toBe("Listed");
      expect(fault.requests.map((request) => [request.path, request.apiKey])).toEqual(
        [
          "/old/getAllDocuments",
          "/getAllDocuments",
          "/old/getDocumentDetails",
          "/new/getDocumentDetails",
          "/getDocumentDetails",
        ].map((path) => [path, server.key]),
      );
    });

    it("to another host or port is not followed and never carries the key there: 'moved'", async () => {
      for (const target of [elsewhereUrl(), elsewhere.url]) {
        fault.plan("/getAllDocuments", { kind: "redirect", status: 301, location: `${target}/getAllDocuments` });
        const moved = await failure(client(fault.url).getAllDocuments());
        expect([moved.category, moved.movedTo]).toEqual(["moved", target]);
        expect(moved.message).toContain("does not send the API key to another host");
      }
      expect(elsewhere.requests).toEqual([]);
    });

    it("stops after 3 hops", async () => {
      fault.plan(
        "/a/getAllDocuments",
        ...Array(5).fill({ kind: "redirect", status: 302, location: "/a/getAllDocuments" }),
      );
      const loop = await failure(client(`${fault.url}/a`).getAllDocuments());
      expect([loop.category, loop.message]).toEqual([
        "protocol",
        "The service redirected getAllDocuments more than 3 times.",
      ]);
      expect(fault.count("/a/getAllDocuments")).toBe(4);
    });

    it("through the app: an import follows the service to its new path", async () => {
      const document = server.addDocument({ name: "Moved along", recipients: [bo] });
      await app.call("accountsUpdate", { id: accountId, baseUrl: `${fault.url}/old` });
      fault.plan("/old/getAllDocuments", { kind: "redirect", status: 308, location: "/getAllDocuments" });
      expect((await app.call("documentsImport")).imported).toBeGreaterThanOrEqual(1);
      expect((await app.call("documentsList")).documents.map((listed) => listed.pdfId)).toContain(document.id);
      await app.call("accountsUpdate", { id: accountId, baseUrl: fault.url });
    });
  });
});
