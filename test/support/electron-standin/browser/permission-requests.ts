/**
 * Installed in the main world of every frame before the page's own scripts. Electron asks the session's handlers at
 * the moment a page asks for a permission; Chromium gives the stand-in no hook there, so each web API that asks is
 * wrapped here: the call is first put to the stand-in's main process (over a DevTools binding), which asks the app's
 * handlers and sets what Chromium answers for that origin, and only then goes on to Chromium. Chromium answers every
 * permission the handlers did not grant with a denial, so a page that goes around these wrappers is only refused.
 */
interface PermissionConfig {
  binding: string;
  settled: string;
}
declare const __standinPermissionConfig: PermissionConfig;

type Ask = { kind: "request" | "check"; permission: string; mediaTypes?: string[] };

const scope = globalThis as unknown as Record<string | symbol, unknown>;
const binding = scope[__standinPermissionConfig.binding] as ((payload: string) => void) | undefined;
delete scope[__standinPermissionConfig.binding];
const pending = new Map<number, () => void>();
let nextId = 1;

Object.defineProperty(globalThis, Symbol.for(__standinPermissionConfig.settled), {
  value: (id: number) => {
    pending.get(id)?.();
    pending.delete(id);
  },
});

function ask(question: Ask): Promise<void> {
  if (binding === undefined) return Promise.resolve();
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    binding(JSON.stringify({ id, ...question }));
  });
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

function wrap(target: object | undefined, key: string, question: (...args: unknown[]) => Ask): void {
  if (target === undefined) return;
  const original = (target as Record<string, unknown>)[key];
  if (typeof original !== "function") return;
  const wrapped = {
    [key](this: unknown, ...args: unknown[]) {
      return ask(question(...args)).then(() => (original as Method).apply(this, args));
    },
  }[key] as Method;
  Object.defineProperty(target, key, { value: wrapped, writable: true, configurable: true });
}

/** Like wrap, for an API that answers through callbacks and returns nothing. */
function wrapCallback(target: object | undefined, key: string, question: Ask): void {
  if (target === undefined) return;
  const original = (target as Record<string, unknown>)[key];
  if (typeof original !== "function") return;
  const wrapped = {
    [key](this: unknown, ...args: unknown[]) {
      void ask(question).then(() => (original as Method).apply(this, args));
    },
  }[key] as Method;
  Object.defineProperty(target, key, { value: wrapped, writable: true, configurable: true });
}

const request = (permission: string): Ask => ({ kind: "request", permission });

function mediaTypes(constraints: unknown): string[] {
  const wanted = (constraints ?? {}) as { audio?: unknown; video?: unknown };
  return [...(wanted.video ? ["video"] : []), ...(wanted.audio ? ["audio"] : [])];
}

/** A Permissions API name, as the Electron permission whose check handler answers it. */
function checkedPermission(descriptor: unknown): Ask {
  const { name, sysex } = (descriptor ?? {}) as { name?: unknown; sysex?: unknown };
  const byName: Record<string, Ask> = {
    notifications: { kind: "check", permission: "notifications" },
    geolocation: { kind: "check", permission: "geolocation" },
    camera: { kind: "check", permission: "media", mediaTypes: ["video"] },
    microphone: { kind: "check", permission: "media", mediaTypes: ["audio"] },
    midi: { kind: "check", permission: sysex === true ? "midiSysex" : "midi" },
    "clipboard-read": { kind: "check", permission: "clipboard-read" },
    "clipboard-write": { kind: "check", permission: "clipboard-sanitized-write" },
    "storage-access": { kind: "check", permission: "storage-access" },
  };
  return byName[String(name)] ?? { kind: "check", permission: "unknown" };
}

const api = globalThis as unknown as Record<string, { prototype?: object } | undefined>;
wrap(api.Notification, "requestPermission", () => request("notifications"));
wrapCallback(api.Geolocation?.prototype, "getCurrentPosition", request("geolocation"));
wrap(api.MediaDevices?.prototype, "getUserMedia", (constraints) => ({
  kind: "request",
  permission: "media",
  mediaTypes: mediaTypes(constraints),
}));
wrap(api.Navigator?.prototype, "requestMIDIAccess", (options) =>
  request((options as { sysex?: unknown } | undefined)?.sysex === true ? "midiSysex" : "midi"),
);
for (const key of ["read", "readText"]) wrap(api.Clipboard?.prototype, key, () => request("clipboard-read"));
for (const key of ["write", "writeText"])
  wrap(api.Clipboard?.prototype, key, () => request("clipboard-sanitized-write"));
wrap(api.Document?.prototype, "requestStorageAccess", () => request("storage-access"));
wrap(api.Permissions?.prototype, "query", checkedPermission);
