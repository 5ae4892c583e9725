import { expect, it } from "vitest";
import type { EventPayload } from "../../common/contract";
import { withProgress } from "../../renderer/with-progress";

type Progress = EventPayload<"transfer:progress">;

/** A bridge's `on` for transfer:progress alone: `emit` tells every listener, `listeners` counts them. */
function fakeBridge() {
  const listeners = new Set<(event: Progress) => void>();
  return {
    listeners,
    emit: (event: Progress) => {
      for (const listener of listeners) listener(event);
    },
    on: ((_event: "transfer:progress", listener: (event: Progress) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }) as never,
  };
}

it("hands on the events of its own transfer and kinds while the call runs, and stops listening after", async () => {
  const bridge = fakeBridge();
  const seen: Progress[] = [];
  let release: () => void = () => {};
  const answer = withProgress(
    bridge,
    ["download"],
    (event) => seen.push(event),
    (transferId) =>
      new Promise<string>((resolve) => {
        bridge.emit({ transferId, kind: "download", done: 1, total: 4 });
        bridge.emit({ transferId, kind: "upload", done: 2, total: 4 });
        bridge.emit({ transferId: "another call", kind: "download", done: 3, total: 4 });
        release = () => resolve(transferId);
      }),
  );
  expect(bridge.listeners.size).toBe(1);
  release();
  const transferId = await answer;
  expect(seen).toEqual([{ transferId, kind: "download", done: 1, total: 4 }]);
  expect(bridge.listeners.size).toBe(0);
});

it("stops listening when the call fails, and passes its failure on", async () => {
  const bridge = fakeBridge();
  await expect(
    withProgress(
      bridge,
      "all",
      () => {},
      async () => {
        throw new Error("main went away");
      },
    ),
  ).rejects.toThrow("main went away");
  expect(bridge.listeners.size).toBe(0);
});

it("gives each call a transfer of its own", async () => {
  const bridge = fakeBridge();
  const ids = await Promise.all(
    [1, 2, 3].map(() =>
      withProgress(
        bridge,
        "all",
        () => {},
        async (id) => id,
      ),
    ),
  );
  expect(new Set(ids).size).toBe(3);
});
