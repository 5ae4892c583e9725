/**
 * Structured clone for the Electron stand-in, as JSON text: what crosses Electron's IPC and contextBridge crosses
 * the stand-in's DevTools binding and its DOM events between worlds. It follows the structured clone algorithm for
 * the values an app sends (primitives, NaN and -0, BigInt, arrays, plain objects, Date, RegExp, Map, Set, Error,
 * ArrayBuffer and typed arrays); what it cannot clone throws Electron's own "An object could not be cloned.".
 * The bridge mode (contextBridge) also carries functions and promises as references the other side calls back.
 * Runs in Node and in the page, so it uses neither's own APIs.
 */

import { fromBase64, toBase64 } from "../../byte-codec.ts";

export type Encoded = string | number | boolean | null | EncodedTagged;
type EncodedTagged = [string, ...unknown[]];

export interface References {
  /** Turns a local function into an id the other side can call. */
  exportFunction(fn: (...args: unknown[]) => unknown): number;
  /** Turns a local promise into an id the other side is told the outcome of. */
  exportPromise(promise: Promise<unknown>): number;
  importFunction(id: number): (...args: unknown[]) => unknown;
  importPromise(id: number): Promise<unknown>;
}

const typedArrays = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const;
type TypedArrayName = keyof typeof typedArrays;

function cannotClone(): Error {
  return new Error("An object could not be cloned.");
}

function typedArrayName(value: ArrayBufferView): TypedArrayName | null {
  for (const name of Object.keys(typedArrays) as TypedArrayName[]) {
    if (value instanceof typedArrays[name]) return name;
  }
  return null;
}

export function encodeValue(value: unknown, references?: References, seen = new Set<object>()): Encoded {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isNaN(value)) return ["num", "NaN"];
      if (!Number.isFinite(value)) return ["num", value > 0 ? "Infinity" : "-Infinity"];
      if (Object.is(value, -0)) return ["num", "-0"];
      return value;
    case "undefined":
      return ["undef"];
    case "bigint":
      return ["bigint", value.toString()];
    case "function":
      if (references === undefined) throw cannotClone();
      return ["fn", references.exportFunction(value as (...args: unknown[]) => unknown)];
    case "symbol":
      throw cannotClone();
  }
  if (value === null) return null;
  const object = value as object;
  if (references !== undefined && object instanceof Promise) return ["promise", references.exportPromise(object)];
  if (seen.has(object)) throw new Error("The Electron stand-in does not clone circular structures.");
  seen.add(object);
  try {
    return encodeObject(object, references, seen);
  } finally {
    seen.delete(object);
  }
}

function encodeObject(object: object, references: References | undefined, seen: Set<object>): Encoded {
  const inner = (item: unknown) => encodeValue(item, references, seen);
  if (Array.isArray(object)) return ["array", object.map(inner)];
  if (object instanceof Date) return ["date", object.getTime()];
  if (object instanceof RegExp) return ["regexp", object.source, object.flags];
  if (object instanceof Map) return ["map", [...object].map(([key, item]) => [inner(key), inner(item)])];
  if (object instanceof Set) return ["set", [...object].map(inner)];
  if (object instanceof Error) return ["error", object.name, object.message];
  if (object instanceof ArrayBuffer) return ["buffer", toBase64(new Uint8Array(object))];
  if (ArrayBuffer.isView(object)) {
    const bytes = toBase64(new Uint8Array(object.buffer, object.byteOffset, object.byteLength));
    if (object instanceof DataView) return ["view", "DataView", bytes];
    const name = typedArrayName(object);
    if (name === null) throw cannotClone();
    // A Node Buffer is a Uint8Array subclass: it arrives as a plain Uint8Array, as it does over Electron's IPC.
    return ["view", name, bytes];
  }
  // Platform objects (DOM nodes, windows, events) are not cloneable.
  if (typeof Node !== "undefined" && object instanceof Node) throw cannotClone();
  if (typeof Window !== "undefined" && object instanceof Window) throw cannotClone();
  const entries: [string, Encoded][] = [];
  for (const key of Object.keys(object)) entries.push([key, inner((object as Record<string, unknown>)[key])]);
  return ["object", entries];
}

export function decodeValue(encoded: unknown, references?: References): unknown {
  if (!Array.isArray(encoded)) return encoded;
  const [tag, ...rest] = encoded as [string, ...unknown[]];
  const inner = (item: unknown) => decodeValue(item, references);
  switch (tag) {
    case "num":
      return Number(rest[0]);
    case "undef":
      return undefined;
    case "bigint":
      return BigInt(rest[0] as string);
    case "array":
      return (rest[0] as unknown[]).map(inner);
    case "object": {
      const result: Record<string, unknown> = {};
      for (const [key, item] of rest[0] as [string, unknown][]) result[key] = inner(item);
      return result;
    }
    case "date":
      return new Date(rest[0] as number);
    case "regexp":
      return new RegExp(rest[0] as string, rest[1] as string);
    case "map":
      return new Map((rest[0] as [unknown, unknown][]).map(([key, item]) => [inner(key), inner(item)]));
    case "set":
      return new Set((rest[0] as unknown[]).map(inner));
    case "error": {
      const error = new Error(rest[1] as string);
      error.name = rest[0] as string;
      return error;
    }
    case "buffer":
      return fromBase64(rest[0] as string).buffer;
    case "view": {
      const bytes = fromBase64(rest[1] as string);
      if (rest[0] === "DataView") return new DataView(bytes.buffer);
      const View = typedArrays[rest[0] as TypedArrayName];
      return new View(bytes.buffer, 0, bytes.byteLength / View.BYTES_PER_ELEMENT);
    }
    case "fn":
      if (references === undefined) throw cannotClone();
      return references.importFunction(rest[0] as number);
    case "promise":
      if (references === undefined) throw cannotClone();
      return references.importPromise(rest[0] as number);
    default:
      throw new Error(`The Electron stand-in cannot decode a value tagged ${String(tag)}.`);
  }
}

export function encodeText(value: unknown, references?: References): string {
  return JSON.stringify(encodeValue(value, references));
}

export function decodeText(text: string, references?: References): unknown {
  return decodeValue(JSON.parse(text), references);
}
