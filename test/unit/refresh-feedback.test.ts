import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import {
  formatNextCheck,
  refreshFeedback,
  refreshProgressLabel,
} from "../../renderer/screens/documents/refresh-feedback";

/** The window's formatter in English: the words are those English shows. */
const intl = createIntl({ locale: "en", messages: {} });
const now = Date.parse("2026-11-23T12:00:00Z");
const base = {
  reachable: true,
  reason: null,
  lastSuccessAt: new Date(now).toISOString(),
  total: 2,
  checked: 2,
  failed: 0,
};

describe("what Refresh now says", () => {
  it('says "checked just now" only when the service answered every document', () => {
    expect(refreshFeedback(intl, base, now)).toEqual({
      kind: "notice",
      text: "Statuses checked with the service just now.",
    });
    expect(refreshFeedback(intl, { ...base, checked: 1, failed: 1 }, now)?.kind).toBe("problem");
  });

  it("says when the service last answered when it cannot be reached, finished documents or not", () => {
    const lastSuccessAt = new Date(now - 10 * 60_000).toISOString();
    for (const total of [0, 2]) {
      const said = refreshFeedback(intl, { ...base, total, checked: 0, reachable: false, lastSuccessAt }, now);
      expect(said?.kind).toBe("problem");
      expect(said?.text).toContain("The service could not be reached");
      expect(said?.text).toMatch(/It last answered at \d{1,2}:\d{2}:\d{2}/);
      expect(said?.text).not.toContain("just now");
    }
  });

  it("says truthfully that nothing needed checking when every document is finished", () => {
    expect(refreshFeedback(intl, { ...base, total: 0, checked: 0 }, now)?.text).toBe(
      "Every document is finished, so none needed checking. The service answered just now.",
    );
    expect(refreshFeedback(intl, { ...base, total: 0, checked: 0, reason: "Invalid API key." }, now)?.kind).toBe(
      "problem",
    );
  });

  it("tells the next check as now, in under a minute, or in minutes", () => {
    expect(formatNextCheck(intl, new Date(now + 1_000).toISOString(), now)).toBe("now");
    expect(formatNextCheck(intl, new Date(now + 25_000).toISOString(), now)).toBe("in under a minute");
    expect(formatNextCheck(intl, new Date(now + 5 * 60_000).toISOString(), now)).toBe("in 5 minutes");
  });

  it("while running, counts only once the service has answered, and never says “0 of 0”", () => {
    expect(refreshProgressLabel(intl, null, "Sandbox", false)).toBe("Reaching Sandbox…");
    expect(refreshProgressLabel(intl, null, "Sandbox", true)).toBe("Trying Sandbox again…");
    expect(refreshProgressLabel(intl, { done: 0, total: 0 }, "Sandbox", false)).toBe("Reaching Sandbox…");
    expect(refreshProgressLabel(intl, { done: 0, total: 3 }, "Sandbox", false)).toBe("Checking 0 of 3…");
    expect(refreshProgressLabel(intl, { done: 2, total: 3 }, null, false)).toBe("Checking 2 of 3…");
    expect(refreshProgressLabel(intl, null, null, false)).toBe("Reaching the service…");
  });
});
