import { EventEmitter } from "node:events";
import { describe, expect, test } from "vitest";
import { restartWaitPollMs } from "../../common/updates";
import { describeUpdateFailure } from "../../main/updates/update-failure";
import { type UpdaterEngine, UpdateService } from "../../main/updates/update-service";
import { updaterKindFor } from "../../main/updates/updater-kind";
import { english } from "../support/english";
import { manualClock } from "../support/manual-clock";

/**
 * electron-updater's side of the service, scripted: each check answers with the next version in `feed` (null:
 * nothing newer) and, for a version, a download that completes. The real updater against a real feed is
 * test/integration/updates.test.ts (when it checks, among the rest); here are the rules of "Restart now", which end
 * in electron-updater's quitAndInstall, which quits through Electron's own module and so cannot run in plain Node.
 */
class ScriptedUpdater extends EventEmitter implements UpdaterEngine {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  constructor(private readonly feed: (string | null)[]) {
    super();
  }
  async checkForUpdates() {
    this.checks += 1;
    this.emit("checking-for-update");
    const version = this.feed.shift() ?? null;
    if (version === null) {
      this.emit("update-not-available", { version: "1.0.0" });
      return { downloadPromise: null };
    }
    this.emit("update-available", { version });
    const downloadPromise = Promise.resolve().then(() => {
      this.emit("download-progress", { percent: 50.4 });
      this.emit("update-downloaded", { version });
    });
    return { downloadPromise };
  }
  /** Set: the install fails, as electron-updater tells it (an "error" event from inside quitAndInstall). */
  installFails = false;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
    if (this.installFails) this.emit("error", Object.assign(new Error("mv: cannot move"), { code: "EACCES" }));
  }
}

function serviceWith(feed: (string | null)[], sending: { now: boolean } = { now: false }) {
  const clock = manualClock(1_000);
  const engine = new ScriptedUpdater(feed);
  const restarts: string[] = [];
  const service = new UpdateService({
    current: "1.0.0",
    engine: async () => engine,
    clock,
    sending: () => sending.now,
    beforeRestart: async () => {
      restarts.push("closed");
    },
    onRestartFailed: () => restarts.push("quit after a failed restart"),
    onChange: () => {},
    log: () => {},
  });
  return { clock, engine, service, restarts };
}

/** Lets the promises queued so far (a download's end, the restart's preparation) run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the update service's rules", () => {
  test("a copy that cannot update itself says why and never checks", async () => {
    const clock = manualClock();
    const service = new UpdateService({
      current: "1.0.0",
      engine: { unavailable: "package_manager" },
      clock,
      sending: () => false,
      beforeRestart: async () => {},
      onRestartFailed: () => {},
      onChange: () => {},
      log: () => {},
    });
    service.start();
    expect(clock.pending()).toEqual([]);
    expect(await service.check()).toEqual({
      current: "1.0.0",
      status: { kind: "unavailable", reason: "package_manager" },
    });
    expect(service.restart().status.kind).toBe("unavailable");
  });

  test("Restart now installs at once when nothing is being sent", async () => {
    const { engine, service, restarts } = serviceWith(["1.1.0"]);
    await service.check();
    await settle();
    service.restart();
    await settle();
    expect(restarts).toEqual(["closed"]);
    expect(engine.installs).toEqual([[true, true]]);
  });

  test("Restart now while documents are going out waits until the sending is done", async () => {
    const sending = { now: true };
    const { clock, engine, service, restarts } = serviceWith(["1.1.0"], sending);
    await service.check();
    await settle();
    expect(service.restart().status).toEqual({ kind: "ready", next: "1.1.0", waitingForSending: true });
    // Asked again meanwhile: still one wait.
    service.restart();
    expect(clock.pending()).toEqual([restartWaitPollMs]);
    clock.advance(restartWaitPollMs);
    clock.advance(restartWaitPollMs);
    await settle();
    expect(restarts).toEqual([]);
    expect(engine.installs).toEqual([]);
    sending.now = false;
    clock.advance(restartWaitPollMs);
    await settle();
    expect(restarts).toEqual(["closed"]);
    expect(engine.installs).toEqual([[true, true]]);
  });

  test("a restart whose install fails, after the window and records closed, quits rather than stay open", async () => {
    const { engine, service, restarts } = serviceWith(["1.1.0"]);
    await service.check();
    await settle();
    engine.installFails = true;
    service.restart();
    await settle();
    expect(restarts).toEqual(["closed", "quit after a failed restart"]);
    expect(service.state().status).toMatchObject({ kind: "failed" });
  });

  test("Restart now with nothing downloaded does nothing", async () => {
    const { engine, service, restarts } = serviceWith([null]);
    await service.check();
    expect(service.restart().status.kind).toBe("idle");
    await settle();
    expect(restarts).toEqual([]);
    expect(engine.installs).toEqual([]);
  });
});

describe("which copies update themselves", () => {
  test.each([
    [
      { platform: "linux", isPackaged: true, appImagePath: "/home/ann/Apps/Signdesk-1.0.0.AppImage" },
      { kind: "appimage" },
    ],
    [
      { platform: "linux", isPackaged: true, appImagePath: null },
      { kind: "unavailable", reason: "package_manager" },
    ],
    [
      { platform: "linux", isPackaged: true, appImagePath: "" },
      { kind: "unavailable", reason: "package_manager" },
    ],
    [{ platform: "win32", isPackaged: true, appImagePath: null }, { kind: "nsis" }],
    [{ platform: "darwin", isPackaged: true, appImagePath: null }, { kind: "mac" }],
    [
      { platform: "linux", isPackaged: false, appImagePath: "/x.AppImage" },
      { kind: "unavailable", reason: "development" },
    ],
    [
      { platform: "win32", isPackaged: false, appImagePath: null },
      { kind: "unavailable", reason: "development" },
    ],
  ] as const)("%o → %o", (setting, kind) => {
    expect(updaterKindFor(setting)).toEqual(kind);
  });
});

describe("what a failed update says", () => {
  const coded = (code: string) => Object.assign(new Error(`long technical text for ${code}`), { code });
  test.each([
    [coded("ERR_CHECKSUM_MISMATCH"), /did not match its published checksum.+nothing was installed/],
    [coded("ERR_UPDATER_CHANNEL_FILE_NOT_FOUND"), /no release for this platform/],
    [coded("ERR_UPDATER_INVALID_UPDATE_INFO"), /could not be read; nothing was downloaded/],
    [coded("ECONNREFUSED"), /could not be reached/],
    [coded("ERR_UPDATE_NOT_HTTPS"), /without HTTPS; it was not followed, and nothing was installed/],
    [Object.assign(new Error("x"), { statusCode: 407 }), /proxy asks for a user name and password/],
    [Object.assign(new Error("x"), { statusCode: 503 }), /answered HTTP 503/],
    [new Error('Cannot download "https://updates/x.AppImage", status 404: Not Found'), /answered HTTP 404/],
    [new Error("something else"), /could not be checked or downloaded/],
    ["not even an error", /could not be checked or downloaded/],
  ])("%s", (error, said) => {
    const message = english(describeUpdateFailure(error));
    expect(message).toMatch(said);
    expect(message).not.toMatch(/long technical text|https?:/);
  });
});
