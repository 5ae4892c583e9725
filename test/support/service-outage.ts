import path from "node:path";
import { createSandbox, type Sandbox } from "../../sandbox/index";
import type { AppHarness } from "./app-harness";

/**
 * The app's service going away and coming back: the embedded sandbox is stopped, then started again on the same
 * data folder and address (so the account, its key and its documents are the same), as often as a test likes.
 */
export class ServiceOutage {
  /** The service as the test started it again (the core's own sandbox is the one stopped first). */
  private restarted: Sandbox | null = null;
  private stopped = false;
  readonly url: string;

  constructor(private readonly app: AppHarness) {
    const sandbox = app.core.sandbox;
    if (sandbox === null) throw new Error("the core has no embedded sandbox");
    this.url = sandbox.url;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    const running = this.restarted ?? this.app.core.sandbox;
    await running?.close();
    this.restarted = null;
    this.stopped = true;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.restarted = await createSandbox({
      dataDir: path.join(this.app.userDataDir, "sandbox"),
      host: "127.0.0.1",
      port: Number(new URL(this.url).port),
    });
    if (this.restarted.url !== this.url) throw new Error(`the service came back at ${this.restarted.url}`);
    this.stopped = false;
  }

  /** Stops the service the test started (the harness closes the core's own). */
  async close(): Promise<void> {
    await this.restarted?.close();
    this.restarted = null;
  }
}
