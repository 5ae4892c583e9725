import { describe, expect, it } from "vitest";
import { type KeyDescription, keyToEditor, type Platform } from "../../renderer/editor/state/keyboard";

const none = { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };
const key = (name: string, modifiers: Partial<KeyDescription> = {}): KeyDescription => ({
  key: name,
  ...none,
  ...modifiers,
});
/** The platform's primary modifier: Cmd on macOS, Ctrl elsewhere. */
const primary = (platform: Platform) => (platform === "mac" ? { metaKey: true } : { ctrlKey: true });

describe.each<Platform>(["mac", "other"])("keyToEditor on %s", (platform) => {
  const map = (event: KeyDescription) => keyToEditor(event, platform);
  const mod = primary(platform);

  it.each([
    ["ArrowLeft", -1, 0],
    ["ArrowRight", 1, 0],
    ["ArrowUp", 0, -1],
    ["ArrowDown", 0, 1],
  ])("moves the selection 1 pt with %s, 10 pt with Shift", (name, dx, dy) => {
    expect(map(key(name))).toEqual({ kind: "action", action: { type: "moveSelection", dx, dy } });
    expect(map(key(name, { shiftKey: true }))).toEqual({
      kind: "action",
      action: { type: "moveSelection", dx: dx * 10, dy: dy * 10 },
    });
  });

  it("deletes with Delete and Backspace, clears the selection with Escape", () => {
    expect(map(key("Delete"))).toEqual({ kind: "action", action: { type: "deleteSelection" } });
    expect(map(key("Backspace"))).toEqual({ kind: "action", action: { type: "deleteSelection" } });
    expect(map(key("Escape"))).toEqual({ kind: "action", action: { type: "clearSelection" } });
  });

  it("undoes and redoes", () => {
    expect(map(key("z", mod))).toEqual({ kind: "action", action: { type: "undo" } });
    expect(map(key("Z", { ...mod, shiftKey: true }))).toEqual({ kind: "action", action: { type: "redo" } });
    expect(map(key("y", mod))).toEqual(platform === "mac" ? null : { kind: "action", action: { type: "redo" } });
  });

  it("copies, and asks for ids or the page for paste, duplicate and select all", () => {
    expect(map(key("c", mod))).toEqual({ kind: "action", action: { type: "copySelection" } });
    expect(map(key("v", mod))).toEqual({ kind: "command", command: "paste" });
    expect(map(key("d", mod))).toEqual({ kind: "command", command: "duplicate" });
    expect(map(key("a", mod))).toEqual({ kind: "command", command: "selectAllOnPage" });
    expect(map(key("A", mod))).toEqual({ kind: "command", command: "selectAllOnPage" });
  });

  it("reads letters from the physical key when the layout is not Latin", () => {
    expect(map({ ...key("я", mod), code: "KeyZ" })).toEqual({ kind: "action", action: { type: "undo" } });
    expect(map({ ...key("я"), code: "KeyZ" })).toBeNull();
  });

  it("leaves everything else alone", () => {
    for (const event of [
      key("a"),
      key("z"),
      key("1"),
      key(" "),
      key("Enter"),
      key("Tab"),
      key("c", { ...mod, shiftKey: true }),
      key("x", mod),
      key("z", { ...mod, altKey: true }),
      key("ArrowLeft", mod),
      key("ArrowLeft", { altKey: true }),
      key("Delete", mod),
      key("z", platform === "mac" ? { ctrlKey: true } : { metaKey: true }),
      key("c", { ctrlKey: true, metaKey: true }),
    ]) {
      expect(map(event)).toBeNull();
    }
  });
});
