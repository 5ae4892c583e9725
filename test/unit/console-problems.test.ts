import { expect, it } from "vitest";
import { isConsoleProblem } from "../support/page-checks";

const page = "http://127.0.0.1:5173/index.html";

it("counts errors and warnings, but not pdf.js's worker ended mid-task on purpose", () => {
  const ended = (task: string, reason: string) =>
    `Warning: getOperatorList - ignoring errors during "${task}" task: "${reason}".`;
  expect(isConsoleProblem("warning", ended("GetOperatorList: page 0", "Error: Worker task was terminated"), page)).toBe(
    false,
  );
  expect(
    isConsoleProblem(
      "warning",
      'Warning: getTextContent - ignoring errors during "GetTextContent: page 3" task: "Worker task was terminated".',
      page,
    ),
  ).toBe(false);
  // Every other failure of a task is a problem, and so is the same words as an error.
  expect(isConsoleProblem("warning", ended("GetOperatorList: page 0", "Error: Invalid XRef stream"), page)).toBe(true);
  expect(isConsoleProblem("error", ended("GetOperatorList: page 0", "Error: Worker task was terminated"), page)).toBe(
    true,
  );
  expect(
    isConsoleProblem("warning", 'Warning: fetchStandardFontData: failed to fetch file "FoxitSans.pfb"', page),
  ).toBe(true);
  expect(isConsoleProblem("error", "Refused to load the script", page)).toBe(true);
  expect(isConsoleProblem("log", "hello", page)).toBe(false);
  expect(isConsoleProblem("error", "404", "http://127.0.0.1:5173/favicon.ico")).toBe(false);
});
