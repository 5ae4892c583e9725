import { decodeText, encodeText, type References } from "./clone-codec";

/**
 * One end of the stand-in's contextBridge: the preload's isolated world and the page's main world share the DOM
 * but no JavaScript objects, so calls between them travel as JSON text in DOM events, which are dispatched
 * synchronously across worlds. A call therefore returns its value at once, as a contextBridge call does;
 * promises and functions cross as references, and arguments and results are structured-cloned.
 */

type Message =
  | { op: "ready" }
  | { op: "expose"; key: string; value: string }
  | { op: "call"; callId: number; fnId: number; args: string }
  | { op: "return"; callId: number; ok: boolean; value: string }
  | { op: "settle"; promiseId: number; ok: boolean; value: string };

export interface WorldEnd {
  /** The isolated world's side: puts `value` on the main world's window under `key`. */
  expose(key: string, value: unknown): void;
}

const eventPrefix = "electron-standin-context-bridge:";

/**
 * `side` is this end's world. The main world's end defines exposed values on its window; the isolated world's end
 * keeps what it exposed and offers it again when the main world's end announces itself, whichever runs first.
 */
export function createWorldEnd(side: "main" | "isolated"): WorldEnd {
  // Captured before any page script runs, so that the page cannot intercept the bridge by replacing them.
  const target = document;
  const listen = EventTarget.prototype.addEventListener;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const CustomEventClass = CustomEvent;
  const defineProperty = Object.defineProperty;
  const inbound = `${eventPrefix}to-${side}`;
  const outbound = `${eventPrefix}to-${side === "main" ? "isolated" : "main"}`;

  const localFunctions = new Map<number, (...args: unknown[]) => unknown>();
  const pendingPromises = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  const returns = new Map<number, { ok: boolean; value: string }>();
  const exposed: { key: string; value: string }[] = [];
  let nextId = 1;

  const send = (message: Message) => {
    dispatch.call(target, new CustomEventClass(outbound, { detail: JSON.stringify(message) }));
  };

  const references: References = {
    exportFunction(fn) {
      const id = nextId++;
      localFunctions.set(id, fn);
      return id;
    },
    exportPromise(promise) {
      const id = nextId++;
      promise.then(
        (value) => send({ op: "settle", promiseId: id, ok: true, value: encodeText(value, references) }),
        (error: unknown) => send({ op: "settle", promiseId: id, ok: false, value: encodeText(asError(error)) }),
      );
      return id;
    },
    importFunction(id) {
      const call = (...args: unknown[]) => {
        const callId = nextId++;
        send({ op: "call", callId, fnId: id, args: encodeText(args, references) });
        const answer = returns.get(callId);
        returns.delete(callId);
        if (answer === undefined) throw new Error("The other world did not answer the call.");
        const value = decodeText(answer.value, references);
        if (!answer.ok) throw value;
        return value;
      };
      // As with contextBridge, the other world sees no source: a bound function prints as native code.
      return call.bind(null);
    },
    importPromise(id) {
      return new Promise((resolve, reject) => pendingPromises.set(id, { resolve, reject }));
    },
  };

  const receive = (message: Message) => {
    switch (message.op) {
      case "ready":
        for (const each of exposed) send({ op: "expose", ...each });
        return;
      case "expose":
        if (side === "main" && !(message.key in window)) {
          defineProperty(window, message.key, { value: decodeText(message.value, references), enumerable: true });
        }
        return;
      case "call": {
        const fn = localFunctions.get(message.fnId);
        let answer: { ok: boolean; value: string };
        try {
          if (fn === undefined) throw new Error("The function is no longer available.");
          answer = {
            ok: true,
            value: encodeText(fn(...(decodeText(message.args, references) as unknown[])), references),
          };
        } catch (error) {
          answer = { ok: false, value: encodeText(asError(error)) };
        }
        send({ op: "return", callId: message.callId, ...answer });
        return;
      }
      case "return":
        returns.set(message.callId, { ok: message.ok, value: message.value });
        return;
      case "settle": {
        const pending = pendingPromises.get(message.promiseId);
        pendingPromises.delete(message.promiseId);
        const value = decodeText(message.value, references);
        if (message.ok) pending?.resolve(value);
        else pending?.reject(value);
        return;
      }
    }
  };

  listen.call(target, inbound, (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail === "string") receive(JSON.parse(detail) as Message);
  });
  if (side === "main") send({ op: "ready" });

  return {
    expose(key, value) {
      const message = { key, value: encodeText(value, references) };
      exposed.push(message);
      send({ op: "expose", ...message });
    },
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
