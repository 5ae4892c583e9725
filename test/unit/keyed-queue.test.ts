import { describe, expect, it } from "vitest";
import { KeyedQueue } from "../../main/drafts/keyed-queue";

/** A promise the test settles itself. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  return done;
}

describe("KeyedQueue.idle (what the app waits for before it quits)", () => {
  it("settles only once every task queued so far, under every key, has finished, failed ones included", async () => {
    const queue = new KeyedQueue();
    const first = gate();
    const second = gate();
    const finished: string[] = [];
    void queue.run("a", async () => {
      await first.promise;
      finished.push("a1");
    });
    void queue.run("a", async () => {
      finished.push("a2");
    });
    void queue
      .run("b", async () => {
        await second.promise;
        throw new Error("write failed");
      })
      .catch(() => finished.push("b failed"));
    const idle = queue.idle();
    expect(await settled(idle)).toBe(false);
    first.open();
    expect(await settled(idle)).toBe(false);
    expect(finished).toEqual(["a1", "a2"]);
    second.open();
    await idle;
    expect(finished).toEqual(["a1", "a2", "b failed"]);
  });

  it("waits for a task queued while it waits", async () => {
    const queue = new KeyedQueue();
    const first = gate();
    const later = gate();
    void queue.run("a", () => first.promise);
    const idle = queue.idle();
    void queue.run("c", () => later.promise);
    first.open();
    expect(await settled(idle)).toBe(false);
    later.open();
    await expect(idle).resolves.toBeUndefined();
  });

  it("settles at once with nothing queued", async () => {
    await expect(new KeyedQueue().idle()).resolves.toBeUndefined();
  });
});
