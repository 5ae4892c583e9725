import { describe, expect, it } from "vitest";
import { isSafeExternalUrl } from "../../main/external-links";

describe("isSafeExternalUrl", () => {
  it("lets plain https links through", () => {
    expect(isSafeExternalUrl("https://example.com/help?x=1")).toBe(true);
  });

  it("refuses every other scheme, credentials and garbage", () => {
    for (const url of [
      "http://example.com/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "smb://server/share",
      "ms-msdt:/id",
      "https://user:pass@example.com/",
      "https://user@example.com/",
      "app://signdesk/index.html",
      "not a url",
      "",
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });

  it("lets plain http through only to the origins given (the built-in sandbox)", () => {
    const sandbox = ["http://127.0.0.1:4780"];
    expect(isSafeExternalUrl("http://127.0.0.1:4780/sign/abc", sandbox)).toBe(true);
    expect(isSafeExternalUrl("http://127.0.0.1:4781/sign/abc", sandbox)).toBe(false);
    expect(isSafeExternalUrl("http://localhost:4780/sign/abc", sandbox)).toBe(false);
    expect(isSafeExternalUrl("http://127.0.0.1:4780/sign/abc")).toBe(false);
    expect(isSafeExternalUrl("http://user@127.0.0.1:4780/", sandbox)).toBe(false);
  });
});
