import { describe, expect, it } from "vitest";
import { channelNames, methodNames } from "../../common/channels";
import { type BridgeTransport, buildBridge } from "../../preload/bridge";

function recordingTransport() {
  const calls: { channel: string; args: unknown }[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const transport: BridgeTransport = {
    invoke: async (channel, args) => {
      calls.push({ channel, args });
      return { ok: true, value: channel };
    },
    subscribe: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { calls, listeners, transport };
}

describe("buildBridge", () => {
  it("has one function per contract channel plus on, and is frozen", () => {
    const bridge = buildBridge(recordingTransport().transport);
    expect(Object.keys(bridge).sort()).toEqual([...methodNames, "on"].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it("sends each method on its contract channel with its single argument", async () => {
    const { calls, transport } = recordingTransport();
    const bridge = buildBridge(transport);
    await bridge.appInfo();
    await (bridge as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>).appInfo?.({ a: 1 }, "extra");
    expect(calls).toEqual([
      { channel: channelNames.appInfo, args: undefined },
      { channel: channelNames.appInfo, args: { a: 1 } },
    ]);
  });

  it("delivers only the payload of declared events, and unsubscribes", () => {
    const { listeners, transport } = recordingTransport();
    const bridge = buildBridge(transport);
    const received: unknown[] = [];
    const unsubscribe = bridge.on("app:navigate", (payload) => received.push(payload));
    listeners.get("app:navigate")?.({ screen: "documents" });
    expect(received).toEqual([{ screen: "documents" }]);
    unsubscribe();
    expect(listeners.has("app:navigate")).toBe(false);
    expect(() => (bridge.on as (e: string, f: () => void) => void)("ipc:raw", () => {})).toThrow(
      "Unknown event: ipc:raw",
    );
  });
});
