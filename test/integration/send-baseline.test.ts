import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Account } from "../../common/accounts";
import { systemClock } from "../../common/clock";
import { SendBaseline } from "../../main/documents/send-baseline";
import { newDocumentRecord } from "../../main/documents/send-document";
import type { Records } from "../../main/records/records";
import { createServiceClient } from "../../main/service/client";
import { ServiceError } from "../../main/service/service-error";
import { closedPort } from "../support/closed-port";
import { type HoldingProxy, startHoldingProxy } from "../support/holding-proxy";
import { makePdf } from "../support/pdf-fixtures";
import { callApi, makeOfferTemplate, type RunningSandbox, startSandbox } from "../support/sandbox";
import { tempRecords } from "../support/temp-records";

/*
 * What a send whose answer is lost is compared with (main/documents/send-baseline.ts), against a real sandbox behind
 * a proxy that counts the listings (and holds one when told): read once per session and account, each document kept
 * under the first listing that showed it, so that a send in doubt is never compared with a later listing.
 */

describe("the documents that existed before a send", () => {
  let running: RunningSandbox;
  let proxy: HoldingProxy;
  let stored: Awaited<ReturnType<typeof tempRecords>>;
  let records: Records;
  let templateId: string;
  const account = (id: string, baseUrl = proxy.url): Account => ({
    id,
    name: "Service",
    baseUrl,
    coordinateOrigin: "top-left",
    kind: "service",
    createdAt: new Date(0).toISOString(),
  });
  /** A new session of the app: a baseline of its own on the same records. */
  const session = () =>
    new SendBaseline({
      records,
      clock: systemClock,
      clientFor: (of) =>
        createServiceClient({
          baseUrl: of.baseUrl,
          apiKey: async () => running.key,
          timeoutMs: 120_000,
          maxGetAttempts: 1,
        }),
    });
  let counted = 0;
  /** Listings since the test began. */
  const listings = () => proxy.count("/getAllDocuments") - counted;
  /** A document made on the service, as by its web app. */
  const madeElsewhere = async (email: string) =>
    (
      (
        await callApi(running.url, "POST", "/createFromTemplate", {
          key: running.key,
          json: { templateId, recipients: [{ name: "Someone", email }] },
        })
      ).body as { pdf_id: string }
    ).pdf_id;

  beforeAll(async () => {
    running = await startSandbox();
    proxy = await startHoldingProxy(running.url);
    stored = await tempRecords();
    records = stored.records;
    templateId = await makeOfferTemplate(running.url, running.key, await makePdf());
  });
  beforeEach(() => {
    counted = proxy.count("/getAllDocuments");
  });
  afterAll(async () => {
    await stored?.dispose();
    await proxy?.close();
    await running?.close();
  });

  it("is read once per session, whoever asks and however often; a document made later is not of it", async () => {
    const service = account("sessions");
    const older = await madeElsewhere("older@example.com");
    const first = session();
    const asked = await Promise.all([first.ensure(service), first.ensure(service)]);
    expect(asked).toEqual(["listed", "known"]);
    expect(await first.ensure(service)).toBe("known");
    expect(listings()).toBe(1);
    const sentWith = first.current(service.id);
    expect(sentWith).not.toBeNull();
    expect(first.existedBefore(service.id, sentWith)(older)).toBe(true);

    // The send's document (its answer lost) and the next session, which lists it before the check runs.
    const lost = await madeElsewhere("lost@example.com");
    const next = session();
    expect(await next.ensure(service)).toBe("listed");
    expect(listings()).toBe(2);
    const later = next.current(service.id);
    expect(later).toBeGreaterThan(sentWith ?? 0);
    // Compared with its own listing, the send in doubt still has its document to find; a send made now does not.
    expect(next.existedBefore(service.id, sentWith)(lost)).toBe(false);
    expect(next.existedBefore(service.id, later)(lost)).toBe(true);
    expect(next.existedBefore(service.id, later)(older)).toBe(true);
    // A send that named no listing is compared with the records alone.
    expect(next.existedBefore(service.id, null)(older)).toBe(false);
  });

  it("keeps only what the records do not know, each document once", async () => {
    const service = account("kept");
    const recorded = await madeElsewhere("recorded@example.com");
    const at = new Date().toISOString();
    records.documents.add(
      newDocumentRecord(service, recorded, "Offer", templateId, [{ name: "R", email: "recorded@example.com" }], at),
    );
    const listed = (await callApi(running.url, "GET", "/getAllDocuments", { key: running.key })).body as {
      documents: unknown[];
    };
    expect(await session().ensure(service)).toBe("listed");
    expect(records.listings.count(service.id)).toBe(listed.documents.length - 1);
    expect(await session().ensure(service)).toBe("listed");
    expect(records.listings.count(service.id)).toBe(listed.documents.length - 1);
  });

  it("an unreachable service: the error, nothing counted as read, and the next send reads it", async () => {
    const port = await closedPort();
    const nowhere = account("nowhere", `http://127.0.0.1:${port}`);
    const baseline = session();
    const unreachable = await baseline.ensure(nowhere);
    expect(unreachable).toBeInstanceOf(ServiceError);
    expect(unreachable).toMatchObject({ category: "network" });
    expect(baseline.current(nowhere.id)).toBeNull();
    const back = await startHoldingProxy(running.url, { port });
    try {
      expect(await baseline.ensure(nowhere)).toBe("listed");
      expect(back.count("/getAllDocuments")).toBe(1);
      expect(baseline.current(nowhere.id)).not.toBeNull();
    } finally {
      await back.close();
    }
  });

  it("a send is never compared with a listing while one begun before it is still being read", async () => {
    const service = account("overlap");
    const baseline = session();
    expect(await baseline.ensure(service)).toBe("listed");
    const first = baseline.current(service.id);
    // A look after a lost answer, held by the proxy; meanwhile another look is read to its end.
    const held = proxy.hold("/getAllDocuments");
    const earlier = baseline.list(service, () => {});
    await held.arrived;
    await baseline.list(service, () => {});
    // What the held look reads is kept under its lower number: a send leaving now names the listing before it.
    expect(baseline.current(service.id)).toBe(first);
    held.release();
    await earlier;
    expect(baseline.current(service.id)).toBeGreaterThan(first ?? 0);
  });

  it("a key or address changed: the next send reads the listing again", async () => {
    const service = account("changed");
    const baseline = session();
    expect(await baseline.ensure(service)).toBe("listed");
    expect(await baseline.ensure(service)).toBe("known");
    baseline.forget(service.id);
    expect(await baseline.ensure(service)).toBe("listed");
    expect(listings()).toBe(2);
  });
});
