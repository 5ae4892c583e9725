import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { type OutboxItem, type OutboxKind, outboxStates } from "../../common/outbox";
import {
  actionsFor as actionsIn,
  kindWords as kindWordsIn,
  outcomeWords as outcomeWordsIn,
  recipientAddresses as recipientAddressesIn,
} from "../../renderer/outbox/outbox-words";

// The words in English, the window's language by default (the helpers take the window's formatter).
const intl = createIntl({ locale: "en", defaultLocale: "en" });
const actionsFor = (of: Parameters<typeof actionsIn>[1]) => actionsIn(intl, of);
const kindWords = (of: Parameters<typeof kindWordsIn>[1], to?: string) => kindWordsIn(intl, of, to);
const outcomeWords = (of: OutboxItem) => outcomeWordsIn(intl, of);
const recipientAddresses = (of: OutboxItem) => recipientAddressesIn(intl, of);

const item = (kind: OutboxKind, state: OutboxItem["state"], extra: Partial<OutboxItem> = {}): OutboxItem => ({
  itemId: "item-1",
  accountId: "account-1",
  kind,
  state,
  title: "Lease",
  recipients:
    kind === "createAndSend" || kind === "sendFromTemplate" ? [{ name: "Ada", email: "ada@example.com" }] : [],
  groups: [],
  eventType: kind === "registerWebhook" ? "document.signed" : null,
  createdAt: "2026-11-25T12:00:00Z",
  updatedAt: "2026-11-25T12:00:00Z",
  attempts: 0,
  message: null,
  result: null,
  ...extra,
});

describe("what the Outbox offers for an item", () => {
  it("offers Cancel while nothing is sent, and never for a send in doubt (Signdesk checks it)", () => {
    const cancellable = (kind: OutboxKind) =>
      outboxStates.filter((state) => actionsFor(item(kind, state)).cancel !== null);
    expect(cancellable("sendFromTemplate")).toEqual(["queued", "failed"]);
    expect(cancellable("createAndSend")).toEqual(["queued", "failed"]);
    // A template alone in doubt waits for the person: "Send again" or "Cancel".
    expect(cancellable("createTemplate")).toEqual(["queued", "failed", "unknown"]);
    expect(cancellable("registerWebhook")).toEqual(["queued", "failed"]);
  });

  it("names what Cancel stops", () => {
    expect(actionsFor(item("createTemplate", "queued")).cancel).toBe("Cancel creating");
    expect(actionsFor(item("createAndSend", "queued")).cancel).toBe("Cancel creating and sending");
    expect(actionsFor(item("sendFromTemplate", "failed")).cancel).toBe("Cancel sending");
    expect(actionsFor(item("registerWebhook", "queued")).cancel).toBe("Cancel registering");
    expect(actionsFor(item("deleteWebhook", "queued")).cancel).toBe("Cancel deleting");
  });

  it('says "Send again" for a failed item and a template in doubt, "Check now" for a send in doubt', () => {
    expect(actionsFor(item("sendFromTemplate", "failed")).retry).toBe("Send again");
    expect(actionsFor(item("createTemplate", "unknown")).retry).toBe("Send again");
    expect(actionsFor(item("createAndSend", "unknown")).retry).toBe("Check now");
    for (const state of ["queued", "sending", "sent", "cancelled"] as const)
      expect(actionsFor(item("sendFromTemplate", state)).retry).toBeNull();
  });

  it("offers to change the recipients of a failed send only", () => {
    expect(actionsFor(item("sendFromTemplate", "failed")).editRecipients).toBe(true);
    expect(actionsFor(item("createAndSend", "failed")).editRecipients).toBe(true);
    expect(actionsFor(item("createTemplate", "failed")).editRecipients).toBe(false);
    expect(actionsFor(item("sendFromTemplate", "queued")).editRecipients).toBe(false);
  });
});

describe("an item in words", () => {
  it("says what each kind asks of the service", () => {
    expect(kindWords(item("createTemplate", "queued"))).toBe("New template");
    expect(kindWords(item("createAndSend", "queued"))).toBe("New template, sent to Ada");
    const send = item("sendFromTemplate", "queued");
    expect(kindWords(send, recipientAddresses(send))).toBe("Document from a template, sent to Ada <ada@example.com>");
    expect(kindWords(item("registerWebhook", "queued"))).toBe("Register webhook for document.signed");
    expect(kindWords(item("deleteWebhook", "queued"))).toBe("Delete webhook");
  });

  it("says what a delivered or cancelled item came to", () => {
    expect(outcomeWords(item("sendFromTemplate", "sent", { result: { pdfId: "doc-1" } }))).toBe(
      "Sent: document doc-1, listed in Documents.",
    );
    expect(outcomeWords(item("createTemplate", "sent", { result: { templateId: "tpl-1" } }))).toBe(
      "Template created (ID tpl-1).",
    );
    expect(outcomeWords(item("createTemplate", "cancelled"))).toBe("Cancelled: nothing was sent.");
  });
});
