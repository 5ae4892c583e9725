import { describe, expect, it } from "vitest";
import { clipboard } from "../support/electron-standin/main-process/clipboard.ts";

describe("the Electron stand-in's clipboard, as Electron's text clipboard behaves", () => {
  it("reads what was written last, the empty text before anything, and nothing once cleared", () => {
    clipboard.clear();
    expect(clipboard.readText()).toBe("");
    expect(clipboard.availableFormats()).toEqual([]);
    clipboard.writeText("first");
    clipboard.writeText("3f0c8d4e-1111-4222-8333-444455556666");
    expect(clipboard.readText()).toBe("3f0c8d4e-1111-4222-8333-444455556666");
    expect(clipboard.availableFormats()).toEqual(["text/plain"]);
    clipboard.clear();
    expect(clipboard.readText()).toBe("");
  });

  it("keeps Linux's selection apart from the clipboard; any other type is the clipboard", () => {
    clipboard.writeText("copied");
    clipboard.writeText("selected", "selection");
    expect(clipboard.readText()).toBe("copied");
    expect(clipboard.readText("clipboard")).toBe("copied");
    expect(clipboard.readText("selection")).toBe("selected");
    clipboard.clear("selection");
    expect(clipboard.readText("selection")).toBe("");
    expect(clipboard.readText()).toBe("copied");
  });

  it("refuses text that is not a string, as Electron's argument conversion does", () => {
    expect(() => clipboard.writeText(42 as unknown as string)).toThrow(TypeError);
  });
});
