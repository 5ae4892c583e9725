import { randomUUID } from "node:crypto";
import type { Clock } from "../../common/clock";
import type { Delivery, WebhookEventType } from "../state/schema";
import type { SandboxStore } from "../state/store";
import { webhookSignature } from "./signature";

export interface DispatcherOptions {
  /** Waits before each retry; five retries after the first attempt (API-NOTES.md). */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** The time deliveries are stamped with, and the waits before retries and time-outs. */
  clock: Clock;
}

export const defaultRetryDelaysMs = [1000, 2000, 4000, 8000, 16000] as const;

/**
 * Delivers events to the user's registered webhooks: POST with the JSON body, any 2xx is success,
 * failures retried with back-off. Deliveries of one document go strictly in order: the next waits
 * until the previous one succeeded or gave up. The queue lives in the store, so a restart resumes it.
 */
export class WebhookDispatcher {
  private readonly workers = new Map<string, Promise<void>>();
  private readonly timers = new Set<{ cancel: () => void; resolve: (how: "slept" | "woken") => void }>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: DispatcherOptions,
  ) {}

  /** Resumes every delivery still due (after a restart). */
  start(): void {
    for (const pdfId of new Set(this.pending().map((delivery) => delivery.pdf_id))) this.kick(pdfId);
  }

  /** Queues one event for every registration of `userId` for its type; the caller saves the store. */
  enqueue(userId: string, pdfId: string, eventType: WebhookEventType, payload: Record<string, unknown>): void {
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, event: eventType, ...payload });
    const createdAt = new Date(this.options.clock.now()).toISOString();
    for (const webhook of this.store.webhooksOf(userId)) {
      if (webhook.eventType !== eventType) continue;
      this.store.addDelivery({
        id: randomUUID(),
        eventId,
        userId,
        webhookId: webhook.id,
        pdf_id: pdfId,
        url: webhook.url,
        eventType,
        body,
        secret: webhook.secret,
        state: "pending",
        nextAttemptAt: createdAt,
        attempts: [],
        createdAt,
      });
    }
  }

  /** Starts delivering a document's queue (after the store was saved). */
  kick(pdfId: string): void {
    if (this.closed || this.workers.has(pdfId)) return;
    const worker = this.drain(pdfId).finally(() => {
      this.workers.delete(pdfId);
      if (!this.closed && this.pending().some((delivery) => delivery.pdf_id === pdfId)) this.kick(pdfId);
    });
    this.workers.set(pdfId, worker);
  }

  /**
   * Cancels every delivery still due to these webhooks (deleted: nothing more goes to their URLs); the caller
   * saves the store. Cancelled deliveries end as "failed" with the attempts they had; an attempt already under
   * way finishes but is not retried. Sleeping queues wake up, so a document's next delivery need not wait.
   */
  cancel(webhookIds: readonly string[]): void {
    const cancelled = new Set(webhookIds);
    for (const delivery of this.pending()) {
      if (!cancelled.has(delivery.webhookId)) continue;
      delivery.state = "failed";
      delivery.nextAttemptAt = null;
    }
    this.wakeSleepers();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const controller of this.inFlight) controller.abort();
    this.wakeSleepers();
    await Promise.allSettled([...this.workers.values()]);
  }

  private wakeSleepers(): void {
    for (const entry of this.timers) {
      entry.cancel();
      this.timers.delete(entry);
      entry.resolve("woken");
    }
  }

  private pending(): Delivery[] {
    return this.store.state.deliveries.filter((delivery) => delivery.state === "pending");
  }

  private async drain(pdfId: string): Promise<void> {
    while (!this.closed) {
      const next = this.pending()
        .filter((delivery) => delivery.pdf_id === pdfId)
        .sort((a, b) => a.sequence - b.sequence)[0];
      if (next === undefined) return;
      if (!this.store.state.webhooks.some((webhook) => webhook.id === next.webhookId)) {
        // Its webhook was deleted (before a restart, say): cancelled, as deleteWebhook does.
        this.cancel([next.webhookId]);
        await this.store.save();
        continue;
      }
      const due = next.nextAttemptAt === null ? 0 : Date.parse(next.nextAttemptAt) - this.options.clock.now();
      // Woken early (a cancellation, or closing): look again at what is due.
      if (due > 0 && (await this.sleep(due)) === "woken") continue;
      if (this.closed) return;
      await this.attempt(next);
      await this.store.save();
    }
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const started = this.options.clock.now();
    const controller = new AbortController();
    const cancelTimeout = this.options.clock.after(this.options.timeoutMs, () => controller.abort());
    this.inFlight.add(controller);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "user-agent": "Signdesk-Sandbox-Webhooks/1.0",
        "x-webhook-id": delivery.eventId,
      };
      if (delivery.secret !== null) headers["x-webhook-signature"] = webhookSignature(delivery.secret, delivery.body);
      const response = await fetch(delivery.url, {
        method: "POST",
        headers,
        body: delivery.body,
        redirect: "manual",
        signal: controller.signal,
      });
      status = response.status;
      await response.body?.cancel();
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (caught) {
      error = controller.signal.aborted ? (this.closed ? "stopped" : "timed out") : describe(caught);
    } finally {
      cancelTimeout();
      this.inFlight.delete(controller);
    }
    if (this.closed && error === "stopped") return;
    const ok = error === null;
    delivery.attempts.push({
      at: new Date(started).toISOString(),
      ok,
      status,
      error,
      durationMs: this.options.clock.now() - started,
    });
    // Cancelled while this attempt was under way: it is recorded, and nothing more.
    if (delivery.state !== "pending") return;
    const retry = this.options.retryDelaysMs[delivery.attempts.length - 1];
    if (ok) {
      delivery.state = "delivered";
      delivery.nextAttemptAt = null;
    } else if (retry === undefined) {
      delivery.state = "failed";
      delivery.nextAttemptAt = null;
    } else {
      delivery.nextAttemptAt = new Date(this.options.clock.now() + retry).toISOString();
    }
  }

  /** Waits `ms`, or less when woken (see wakeSleepers). */
  private sleep(ms: number): Promise<"slept" | "woken"> {
    return new Promise((resolve) => {
      const entry = {
        cancel: this.options.clock.after(ms, () => {
          this.timers.delete(entry);
          resolve("slept");
        }),
        resolve,
      };
      this.timers.add(entry);
    });
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
