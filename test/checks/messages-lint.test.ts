import { expect, it } from "vitest";
import { findUnmessagedWords } from "../../scripts/lint-messages.ts";

it("every word for people in the window and in main's dialogs, notifications, menus and errors is a message", () => {
  const found = findUnmessagedWords().map(
    (each) => `${each.file}:${each.line}: ${each.why}: ${JSON.stringify(each.text)}`,
  );
  expect(found, found.join("\n")).toEqual([]);
});
