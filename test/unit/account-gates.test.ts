import { describe, expect, it } from "vitest";
import { AccountGates, type GateOpened } from "../../main/jobs/account-gates";
import { manualClock } from "../support/manual-clock";

describe("each account's gate (main/jobs/account-gates.ts), on a clock of the test's own", () => {
  it("holds an account's requests for as long as the service asked, and no other account's", () => {
    const clock = manualClock(1_000);
    const gates = new AccountGates(clock);
    gates.hold("a", 30_000);
    expect(gates.heldFor("a")).toBe(30_000);
    expect(gates.heldFor("b")).toBe(0);
    expect(gates.heldUntil("a")).toBe(31_000);
    // A shorter hold asked meanwhile does not shorten it; a longer one lengthens it.
    gates.hold("a", 5_000);
    expect(gates.heldUntil("a")).toBe(31_000);
    clock.advance(29_999);
    expect(gates.heldFor("a")).toBe(1);
    clock.advance(1);
    expect(gates.heldFor("a")).toBe(0);
    expect(gates.heldUntil("a")).toBeNull();
  });

  it("ends a wait after its back-off, or at once when the service answers another call, never inside a hold", () => {
    const clock = manualClock();
    const gates = new AccountGates(clock);
    const heard: [string, GateOpened][] = [];
    gates.wait("a", 2_000, (why) => heard.push(["first", why]));
    gates.wait("a", 60_000, (why) => heard.push(["second", why]));
    gates.wait("b", 60_000, (why) => heard.push(["other account", why]));
    clock.advance(1_999);
    expect(heard).toEqual([]);
    clock.advance(1);
    expect(heard).toEqual([["first", "elapsed"]]);
    gates.answered("a");
    expect(heard).toEqual([
      ["first", "elapsed"],
      ["second", "answered"],
    ]);
    // The other account still waits its own back-off.
    expect(clock.pending()).toEqual([58_000]);

    // A 429's hold outlasts both the back-off and an answer to another call.
    gates.hold("a", 30_000);
    gates.wait("a", 2_000, (why) => heard.push(["held", why]));
    clock.advance(2_000);
    gates.answered("a");
    clock.advance(27_999);
    expect(heard.map(([name]) => name)).not.toContain("held");
    clock.advance(1);
    expect(heard.at(-1)).toEqual(["held", "answered"]);
  });

  it("ends a hold when its timer fires, even on a clock whose time stands still", () => {
    const clock = manualClock();
    const gates = new AccountGates(clock);
    const opened: GateOpened[] = [];
    gates.hold("a", 10_000);
    gates.wait("a", 0, (why) => opened.push(why));
    expect(opened).toEqual([]);
    expect(clock.fireAll()).toBe(1);
    expect(opened).toEqual(["elapsed"]);
    expect(gates.heldFor("a")).toBe(0);
  });

  it("tells its listeners each answer, stops a wait that is cancelled, and lets go of every timer when closed", async () => {
    const clock = manualClock();
    const gates = new AccountGates(clock);
    const answers: string[] = [];
    const stop = gates.onAnswered((accountId) => answers.push(accountId));
    const cancelled: GateOpened[] = [];
    const cancel = gates.wait("a", 1_000, (why) => cancelled.push(why));
    cancel();
    gates.answered("a");
    stop();
    gates.answered("b");
    expect(answers).toEqual(["a"]);
    expect(cancelled).toEqual([]);

    const { opened, stop: stopWaiting } = gates.waitFor("a", 60_000);
    stopWaiting();
    await expect(opened).resolves.toBe("elapsed");

    gates.hold("a", 5_000);
    gates.wait("a", 1_000, () => cancelled.push("elapsed"));
    gates.close();
    expect(clock.pending()).toEqual([]);
    expect(cancelled).toEqual([]);
  });
});
