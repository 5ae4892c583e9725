import { describe, expect, it } from "vitest";
import { appOrigin, isTrustedSender } from "../../main/trusted-sender";

describe("isTrustedSender", () => {
  const allowed = [appOrigin];

  it("accepts our page's main frame", () => {
    expect(isTrustedSender({ url: "app://signdesk/index.html", isMainFrame: true }, allowed)).toBe(true);
  });

  it("refuses a subframe of our own page", () => {
    expect(isTrustedSender({ url: "app://signdesk/index.html", isMainFrame: false }, allowed)).toBe(false);
  });

  it("refuses other origins, schemes and garbage", () => {
    for (const url of [
      "app://evil/index.html",
      "https://signdesk/index.html",
      "file:///index.html",
      "http://localhost:5173/",
      "about:blank",
      "not a url",
      "",
    ]) {
      expect(isTrustedSender({ url, isMainFrame: true }, allowed), url).toBe(false);
    }
    expect(isTrustedSender(null, allowed)).toBe(false);
  });

  it("accepts the dev server only when it is listed", () => {
    const frame = { url: "http://localhost:5173/index.html", isMainFrame: true };
    expect(isTrustedSender(frame, [appOrigin, "http://localhost:5173"])).toBe(true);
    expect(
      isTrustedSender({ url: "http://localhost:5174/", isMainFrame: true }, [appOrigin, "http://localhost:5173"]),
    ).toBe(false);
  });
});
