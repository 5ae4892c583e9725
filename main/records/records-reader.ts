import type { DatabaseSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import type { DocumentListQuery, TemplateUse } from "../../common/document-list";
import { reportWorkerFallback } from "../../node-shared/worker-fallback";
import { workerSource } from "../../node-shared/worker-source";
import { type DocumentPage, documentPage, templateUse } from "./document-pages";

export type ReaderRequest =
  | { id: number; kind: "page"; accountId: string; query: DocumentListQuery }
  | { id: number; kind: "templateUse"; accountId: string };
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
export type ReaderResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/**
 * Reads the Documents list's pages and the templates' use in a worker thread with its own connection: these can
 * scan many rows (a one-letter search over 100,000 documents). Requests are answered in order. If the worker cannot
 * start or dies, reading falls back to this thread's connection: slower to share, never wrong.
 */
export class RecordsReader {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly fallback: DatabaseSync,
  ) {}

  page(accountId: string, query: DocumentListQuery): Promise<DocumentPage> {
    return this.ask({ kind: "page", accountId, query }, () => documentPage(this.fallback, accountId, query));
  }

  templateUse(accountId: string): Promise<TemplateUse[]> {
    return this.ask({ kind: "templateUse", accountId }, () => templateUse(this.fallback, accountId));
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failed = true;
    for (const { reject } of this.waiting.values()) reject(new Error("The records reader was closed."));
    this.waiting.clear();
    await worker?.terminate();
  }

  private ask<T>(request: WithoutId<ReaderRequest>, inThread: () => T): Promise<T> {
    const worker = this.ensureWorker();
    if (worker === null) return Promise.resolve().then(inThread);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private ensureWorker(): Worker | null {
    if (this.worker !== null || this.failed) return this.worker;
    const { url, options } = workerSource(
      new URL("./records-reader-worker.mjs", import.meta.url),
      new URL("./records-reader-worker.ts", import.meta.url),
    );
    const worker = new Worker(url, { ...options, workerData: { file: this.file } });
    worker.on("message", (message: ReaderResponse | "ready") => {
      if (message === "ready") return;
      const waiter = this.waiting.get(message.id);
      if (waiter === undefined) return;
      this.waiting.delete(message.id);
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(new Error(message.message));
    });
    const fail = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failed = true;
      reportWorkerFallback("the records reader", why, "reading in the main thread");
      for (const { reject } of this.waiting.values()) reject(new Error(`The records could not be read: ${why}`));
      this.waiting.clear();
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exit code ${code}`));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
