import type { MethodName } from "../../common/channels";

/**
 * The malformed calls the IPC fuzz test (test/integration/ipc-fuzz.test.ts) makes of each channel: hostile values,
 * and each member of a valid call missing or replaced, deterministic for the seed's random numbers.
 */

/** Mutations of one channel's valid call tried (at least six a member, in turns across the members). */
const mutationsPerChannel = 120;

const oneMegabyte = "x".repeat(1 << 20);
const cjk300Bytes = "契約書".repeat(34).slice(0, 100);

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level += 1) value = wrap(value);
  return value;
}
const deepObject = nested(10_000, (inner) => ({ a: inner }));
const deepArray = nested(10_000, (inner) => [inner]);

/** Values put in place of the arguments, or of any member of them (each made fresh for each call). */
const hostileValues: [label: string, make: () => unknown][] = [
  ["undefined", () => undefined],
  ["null", () => null],
  ["true", () => true],
  ["false", () => false],
  ["0", () => 0],
  ["-0", () => -0],
  ["-1", () => -1],
  ["1.5", () => 1.5],
  ["NaN", () => Number.NaN],
  ["Infinity", () => Number.POSITIVE_INFINITY],
  ["-Infinity", () => Number.NEGATIVE_INFINITY],
  ["2^53+2", () => 2 ** 53 + 2],
  ["-1e308", () => -1e308],
  ["1e308", () => 1e308],
  ["bigint", () => 2n ** 100n],
  ["empty string", () => ""],
  ["space", () => " "],
  ["NUL", () => "\0"],
  ["name with NUL", () => "Lease\0.pdf"],
  [".", () => "."],
  ["..", () => ".."],
  ["../../../../../../etc/passwd", () => "../../../../../../etc/passwd"],
  ["/etc/passwd", () => "/etc/passwd"],
  ["C:\\Windows\\win.ini", () => "C:\\Windows\\win.ini"],
  ["CON", () => "CON"],
  ["con.pdf", () => "con.pdf"],
  ["NUL.tar.gz", () => "NUL.tar.gz"],
  ["300-byte CJK", () => cjk300Bytes],
  ["lone surrogate", () => "\ud800"],
  ["1 MB string", () => oneMegabyte],
  ["__proto__", () => "__proto__"],
  ["javascript: URL", () => "javascript:alert(1)"],
  ["file: URL", () => "file:///etc/passwd"],
  ["empty array", () => []],
  ["array", () => [1, "two", null]],
  ["array of object", () => [{}]],
  ["empty object", () => ({})],
  ["__proto__ key", () => JSON.parse('{"__proto__": {"polluted": "yes"}, "id": "x"}')],
  ["constructor key", () => ({ constructor: { prototype: { polluted: "yes" } } })],
  ["depth 10,000 object", () => deepObject],
  ["depth 10,000 array", () => deepArray],
  ["bytes", () => new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])],
  ["ArrayBuffer", () => new ArrayBuffer(16)],
  ["Date", () => new Date(0)],
  ["Map", () => new Map([["id", "x"]])],
  ["Set", () => new Set(["x"])],
  ["RegExp", () => /.*/],
];

type PathPart = string | number;
export interface Case {
  method: MethodName;
  what: string;
  args: unknown;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Every member's path in `value` (not the value itself), to a depth of 4. */
function memberPaths(value: unknown, prefix: PathPart[] = []): PathPart[][] {
  if (prefix.length >= 4) return [];
  const members: [PathPart, unknown][] = Array.isArray(value)
    ? value.map((item, index): [PathPart, unknown] => [index, item])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  return members.flatMap(([key, member]) => [[...prefix, key], ...memberPaths(member, [...prefix, key])]);
}

const deleted = Symbol("deleted");

/** A copy of `value` with the member at `at` replaced (or deleted). */
function replaced(value: unknown, at: PathPart[], replacement: unknown): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<PathPart, unknown>;
  for (const part of at.slice(0, -1)) parent = parent[part] as Record<PathPart, unknown>;
  const last = at.at(-1) as PathPart;
  if (replacement === deleted) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The malformed calls of one channel, from one valid call: the whole arguments replaced by each hostile value,
 * extra keys, then each member missing or replaced by hostile values, taken in turns across the members (so that
 * each gets several) up to the channel's budget. Deterministic for the seed.
 */
export function casesFor(method: MethodName, valid: unknown, next: () => number): Case[] {
  const cases: Case[] = hostileValues.map(([label, make]) => ({ method, what: `args = ${label}`, args: make() }));
  if (valid === undefined) return cases;
  const paths = memberPaths(valid);
  const perMember = paths.map((at) => {
    const where = at.join(".");
    const member = at.reduce<unknown>((inner, part) => (inner as Record<PathPart, unknown>)[part], valid);
    const mutations: Case[] = [
      ...hostileValues.map(([label, make]) => ({
        method,
        what: `${where} = ${label}`,
        args: replaced(valid, at, make()),
      })),
      ...(isPlainObject(member)
        ? [
            { method, what: `${where} as an array`, args: replaced(valid, at, [member]) },
            { method, what: `${where} with an extra key`, args: replaced(valid, at, { ...member, extra: 1 }) },
          ]
        : []),
    ];
    return [{ method, what: `${where} missing`, args: replaced(valid, at, deleted) }, ...shuffled(mutations, next)];
  });
  const budget = Math.max(mutationsPerChannel, 6 * paths.length);
  const taken: Case[] = [];
  for (let turn = 0; taken.length < budget && perMember.some((list) => turn < list.length); turn += 1) {
    for (const list of perMember) {
      const mutation = list[turn];
      if (mutation !== undefined && taken.length < budget) taken.push(mutation);
    }
  }
  const withKey = (key: string, value: unknown) => {
    const args = structuredClone(valid) as Record<string, unknown>;
    Object.defineProperty(args, key, { value, enumerable: true, configurable: true, writable: true });
    return args;
  };
  return [
    ...cases,
    { method, what: "the valid call", args: valid },
    { method, what: "as an array", args: [valid] },
    { method, what: "with an extra key", args: { ...(valid as object), extra: "x" } },
    { method, what: "with an own __proto__ key", args: withKey("__proto__", { polluted: "yes" }) },
    { method, what: "with a constructor key", args: withKey("constructor", { prototype: { polluted: "yes" } }) },
    ...taken,
  ];
}
