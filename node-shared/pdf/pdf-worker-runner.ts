import { Worker } from "node:worker_threads";
import { reportWorkerFallback } from "../worker-fallback";
import { workerSource } from "../worker-source";

/** A worker thread's reader (serve-requests.ts on its side): requests in, one reply per request. */
export interface WorkerReaderSpec<Body, Reply> {
  /** Who reads, for the one line said when the worker cannot start ("the PDF reader"). */
  name: string;
  /** The bundled worker beside main's bundle, and its TypeScript source (worker-source.ts). */
  built: URL;
  source: URL;
  /** The same reader in this thread, loaded only when a worker cannot start. */
  inProcess: () => Promise<(request: Body & { id: number }) => Promise<Reply>>;
  /** The error for a request abandoned after its time limit, and for a worker that stopped (out of memory…). */
  tooSlow: (timeLimitMs: number) => Error;
  stopped: (cause: Error) => Error;
}

interface Job<Body, Reply> {
  request: Body & { id: number };
  timeLimitMs: number;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/** A worker unused for this long is stopped, giving back pdf.js's memory. */
const idleWorkerMs = 30_000;

/**
 * One worker thread, reused, reading one PDF at a time: a PDF that takes too long is abandoned by ending the
 * worker, and the next job gets a fresh one. Where no worker can start, requests are answered in this thread.
 * Nothing here keeps the process alive.
 */
export class PdfWorkerRunner<Body, Reply extends { id: number }> {
  private worker: Worker | null = null;
  private readonly queue: Job<Body, Reply>[] = [];
  private running: Job<Body, Reply> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  /** Set when a worker could not even load (a runtime without worker support for the app's files). */
  private inProcess = false;

  constructor(private readonly spec: WorkerReaderSpec<Body, Reply>) {}

  run(body: Body, timeLimitMs: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { ...body, id: this.nextId++ }, timeLimitMs, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running !== null) return;
    const job = this.queue.shift();
    if (job === undefined) {
      this.idleTimer = setTimeout(() => this.stop(), idleWorkerMs).unref();
      return;
    }
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.running = job;
    if (this.inProcess) {
      void this.spec
        .inProcess()
        .then((answer) => answer(job.request))
        .then(
          (reply) => this.finish(job, () => job.resolve(reply)),
          (error: unknown) =>
            this.finish(job, () => job.reject(error instanceof Error ? error : new Error(String(error)))),
        );
      return;
    }
    const worker = this.ensureWorker();
    this.timer = setTimeout(() => {
      // The worker is busy with this file and cannot be interrupted: end it; the next job starts a new one.
      this.stop();
      this.finish(job, () => job.reject(this.spec.tooSlow(job.timeLimitMs)));
    }, job.timeLimitMs);
    worker.ref();
    worker.postMessage(job.request);
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    // A hostile file may try to exhaust memory: the worker's heap is bounded apart from the process's.
    const { url, options } = workerSource(this.spec.built, this.spec.source);
    const worker = new Worker(url, { ...options, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    let loaded = false;
    worker.on("message", (message: "ready" | Reply) => {
      const job = this.running;
      if (message === "ready") loaded = true;
      else if (job !== null && message.id === job.request.id) this.finish(job, () => job.resolve(message));
    });
    worker.once("error", (error) => {
      if (loaded || this.worker !== worker) return;
      // Reading in this thread is slower to interrupt but still correct: better than no PDF at all.
      reportWorkerFallback(this.spec.name, error.message, "reading in-process");
      this.inProcess = true;
      this.worker = null;
      const job = this.running;
      this.running = null;
      if (this.timer !== null) clearTimeout(this.timer);
      if (job !== null) this.queue.unshift(job);
      this.pump();
    });
    worker.on("error", (error) => this.failRunning(worker, error));
    worker.on("exit", () => this.failRunning(worker, new Error(`${this.spec.name} stopped unexpectedly.`)));
    this.worker = worker;
    return worker;
  }

  private failRunning(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    if (job !== null) this.finish(job, () => job.reject(this.spec.stopped(error)));
  }

  private finish(job: Job<Body, Reply>, settle: () => void): void {
    if (this.running !== job) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.running = null;
    this.worker?.unref();
    settle();
    this.pump();
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }
}
