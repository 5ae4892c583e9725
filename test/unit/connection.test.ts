import { describe, expect, it } from "vitest";
import { HandlerError } from "../../main/handler-error";
import { Connection, type ConnectionState } from "../../main/service/connection";
import { ServiceError } from "../../main/service/service-error";

function setUp() {
  const clock = { now: 1_000 };
  const changes: ConnectionState[] = [];
  const connection = new Connection({ now: () => clock.now, onChange: (_account, state) => changes.push(state) });
  return { connection, clock, changes };
}

const refused = new ServiceError({
  category: "network",
  message: "Cannot reach http://127.0.0.1:1: connection refused.",
});

describe("the connection state every request reports to", () => {
  it("goes unreachable with the reason of a failed contact, and back with the next success", async () => {
    const { connection, clock, changes } = setUp();
    await expect(connection.observe("a", () => Promise.reject(refused))).rejects.toBe(refused);
    expect(connection.state("a")).toEqual({ reachable: false, reason: refused.message, lastSuccessAt: null });
    expect(connection.state("b").reachable).toBe(true);

    clock.now = 5_000;
    await expect(connection.observe("a", async () => "answer")).resolves.toBe("answer");
    expect(connection.state("a")).toEqual({ reachable: true, reason: null, lastSuccessAt: 5_000 });
    expect(changes.map((change) => change.reachable)).toEqual([false, true]);
  });

  it("keeps the same reason whichever call met the failure: a GET tried four times, a send once", () => {
    const { connection, changes } = setUp();
    const gaveUp = refused.afterAttempts(4);
    expect(gaveUp.message).toBe("Cannot reach http://127.0.0.1:1: connection refused (gave up after 4 attempts).");
    connection.failed("a", gaveUp);
    connection.failed("a", refused);
    connection.failed("a", gaveUp);
    expect(changes).toEqual([{ reachable: false, reason: refused.message, lastSuccessAt: null }]);
  });

  it("counts a lost answer and a gateway's 502 as failed contacts", () => {
    const { connection } = setUp();
    connection.failed("a", new ServiceError({ category: "outcome_unknown", message: "The answer was lost." }));
    expect(connection.state("a")).toMatchObject({ reachable: false, reason: "The answer was lost." });
    connection.failed("a", new ServiceError({ category: "server", status: 502, message: "Bad gateway." }));
    expect(connection.state("a")).toMatchObject({ reachable: false, reason: "Bad gateway." });
  });

  it("takes a refusal (a rejected key, a 4xx, a 500) as the service answering, but not as a success", () => {
    const { connection } = setUp();
    connection.failed("a", refused);
    connection.failed("a", new ServiceError({ category: "auth", status: 401, message: "Invalid API key." }));
    expect(connection.state("a")).toEqual({ reachable: true, reason: null, lastSuccessAt: null });
    connection.failed("a", new ServiceError({ category: "server", status: 500, message: "Internal error." }));
    expect(connection.state("a").reachable).toBe(true);
  });

  it("tells an account's state again when asked (it became the active account)", () => {
    const { connection, changes } = setUp();
    connection.failed("a", refused);
    connection.announce("a");
    expect(changes).toHaveLength(2);
    expect(changes[1]).toEqual({ reachable: false, reason: refused.message, lastSuccessAt: null });
  });

  it("ignores failures that made no request (no key stored, a local problem)", () => {
    const { connection, changes } = setUp();
    connection.failed("a", new HandlerError("no_key", "No API key is stored."));
    connection.failed("a", new TypeError("bad"));
    expect(changes).toEqual([]);
  });

  it("tells a watcher of an account every report, changed or not, until it stops watching", () => {
    const { connection } = setUp();
    const seen: boolean[] = [];
    const stop = connection.watch("a", (state) => seen.push(state.reachable));
    connection.failed("a", refused);
    connection.failed("a", refused);
    connection.succeeded("b");
    connection.succeeded("a");
    stop();
    connection.failed("a", refused);
    expect(seen).toEqual([false, false, true]);
  });
});
