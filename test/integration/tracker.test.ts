import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentTracker, type StatusChange } from "../../main/documents/tracker";
import { openRecords } from "../../main/records/open-records";
import { createServiceClient } from "../../main/service/client";
import { ServiceError } from "../../main/service/service-error";
import { type CountingProxy, startCountingProxy } from "../support/counting-proxy";
import { makePdf } from "../support/pdf-fixtures";
import { callApi, type RunningSandbox, startSandbox, templateForm } from "../support/sandbox";

describe("the status tracker, with 200 documents on a real sandbox", () => {
  let running: RunningSandbox;
  let proxy: CountingProxy;
  let folder: string;
  let pdfIds: string[];
  const links = new Map<string, string>();

  beforeAll(async () => {
    running = await startSandbox();
    // The first answers wait until four requests are out at once: the tracker's concurrency shows on any machine.
    proxy = await startCountingProxy(running.url, { holdUntilInFlight: 4 });
    folder = await mkdtemp(path.join(tmpdir(), "signdesk-tracker-"));
    const created = await callApi(running.url, "POST", "/createNewTemplate", {
      key: running.key,
      form: templateForm({
        file: await makePdf(),
        templateName: "Bulk",
        fields: [[{ id: "note", x: 72, y: 72, page: 1, type: "Text", recipient: 1 }]],
      }),
    });
    const templateId = (created.body as { template_id: string }).template_id;
    pdfIds = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          callApi(running.url, "POST", "/createFromTemplate", {
            key: running.key,
            json: {
              templateId,
              recipients: [{ name: `Signer ${batch}-${index}`, email: `s${batch}-${index}@example.com` }],
            },
          }),
        ),
      );
      pdfIds.push(...answers.map((answer) => (answer.body as { pdf_id: string }).pdf_id));
    }
    const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
    for (const message of (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages) {
      links.set(message.pdf_id, message.signingUrl);
    }
  });
  afterAll(async () => {
    await proxy?.close();
    await running?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("keeps at most 4 requests in flight, reports each change once, and never polls a finished document again", async () => {
    const index = openRecords(folder).records.documents;
    for (const pdfId of pdfIds) {
      index.add({
        accountId: "acct",
        pdfId,
        name: "Bulk",
        templateId: null,
        recipients: [],
        sentAt: new Date().toISOString(),
        lastStatus: "pending",
        lastCheckedAt: null,
        finished: false,
        hasFinalPdf: false,
        statusHistory: [{ status: "pending", at: new Date().toISOString() }],
        imported: false,
      });
    }
    const client = createServiceClient({ baseUrl: proxy.url, apiKey: async () => running.key });
    const changes: StatusChange[] = [];
    const tracker = new DocumentTracker({
      documents: index,
      fetchDetails: async (_account, pdfId) => (await client.getDocumentDetails(pdfId)).document,
      isUnreachable: (error) => error instanceof ServiceError && error.category === "network",
      onChange: (change) => changes.push(change),
    });

    await tracker.refreshNow();
    expect(proxy.detailsRequests).toHaveLength(200);
    expect(proxy.maxInFlight).toBeLessThanOrEqual(4);
    expect(proxy.maxInFlight).toBe(4);
    expect(changes).toEqual([]);

    const signed = pdfIds.slice(0, 10);
    const declined = pdfIds.slice(10, 15);
    for (const pdfId of signed) await callApi(links.get(pdfId) ?? "", "POST", "", { json: { fields: { note: "ok" } } });
    for (const pdfId of declined) await callApi(links.get(pdfId) ?? "", "POST", "", { json: { decline: true } });

    await tracker.refreshNow();
    await tracker.refreshNow();
    const finished = new Set([...signed, ...declined]);
    expect(changes.map((change) => change.pdfId).sort()).toEqual([...finished].sort());
    for (const change of changes) {
      expect(change.finished).toBe(true);
      expect(change.finalPdfReady).toBe(signed.includes(change.pdfId));
      expect(change.to).toBe(signed.includes(change.pdfId) ? "signed" : "declined");
    }
    // Each finished document was asked about until it finished (two passes), and never after.
    const askedAbout = (pdfId: string) => proxy.detailsRequests.filter((id) => id === pdfId).length;
    for (const pdfId of finished) expect(askedAbout(pdfId), pdfId).toBe(2);
    for (const pdfId of pdfIds.slice(15)) expect(askedAbout(pdfId)).toBe(3);
    expect(proxy.maxInFlight).toBeLessThanOrEqual(4);
    expect(index.all().filter((record) => record.finished)).toHaveLength(15);
    expect(index.get("acct", signed[0] ?? "")?.statusHistory.map((entry) => entry.status)).toEqual([
      "pending",
      "signed",
    ]);
    // 600 checks through the proxy: this only bounds a hang, on a machine busy with other suites.
  }, 300_000);
});
