import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect, it } from "vitest";
import {
  clickNotification,
  Notification,
  shownNotifications,
} from "../support/electron-standin/main-process/notification";

// The stand-in's own Notification, not Electron's. A full collection, as the stand-in's `gc` command makes one.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

it("delivers a click to a notification the app still holds, and none to one it let go of once collected", async () => {
  const clicks: string[] = [];
  const held = new Notification({ title: "Held", body: "kept by the app" });
  held.on("click", () => clicks.push("held"));
  held.show();
  (() => {
    const dropped = new Notification({ title: "Dropped", body: "kept by no one" });
    dropped.on("click", () => clicks.push("dropped"));
    dropped.show();
  })();
  const first = shownNotifications().length - 2;
  await nextTask();
  gc();

  expect(shownNotifications().slice(first)).toEqual([
    { title: "Held", body: "kept by the app", collected: false },
    { title: "Dropped", body: "kept by no one", collected: true },
  ]);
  expect(clickNotification(first)).toBe(true);
  expect(clickNotification(first + 1)).toBe(false);
  expect(clicks).toEqual(["held"]);
  expect(() => clickNotification(first + 2)).toThrow("No notification");
  expect(held.listenerCount("click")).toBe(1);
});
