import path from "node:path";
import { describe, expect, it } from "vitest";
import { appAssetHeaders, resolveAppAsset } from "../../main/app-assets";

const root = path.resolve("/opt/signdesk/renderer");

describe("resolveAppAsset", () => {
  it("maps the root and files inside the renderer folder", () => {
    expect(resolveAppAsset(root, "app://signdesk/")).toEqual({
      filePath: path.join(root, "index.html"),
      contentType: "text/html; charset=utf-8",
    });
    expect(resolveAppAsset(root, "app://signdesk/assets/index-abc.js?v=1#x")).toEqual({
      filePath: path.join(root, "assets/index-abc.js"),
      contentType: "text/javascript; charset=utf-8",
    });
    expect(resolveAppAsset(root, "app://signdesk/assets/openjpeg.wasm")?.contentType).toBe("application/wasm");
    expect(resolveAppAsset(root, "app://signdesk/cmaps/UniJIS-UCS2-H.bcmap")?.contentType).toBe(
      "application/octet-stream",
    );
  });

  it("never leaves the renderer folder", () => {
    for (const url of [
      "app://signdesk/../secrets.txt",
      "app://signdesk/%2e%2e/%2e%2e/etc/passwd",
      "app://signdesk/assets/..%2f..%2f..%2fetc%2fpasswd",
      "app://signdesk/%2fetc%2fpasswd",
      "app://signdesk/assets/%00.js",
      "app://signdesk/%E0%A4%A",
    ]) {
      const asset = resolveAppAsset(root, url);
      if (asset !== null) expect(asset.filePath.startsWith(`${root}${path.sep}`), url).toBe(true);
    }
    // The URL parser collapses %2e%2e segments before we see the path, so this stays inside.
    expect(resolveAppAsset(root, "app://signdesk/%2e%2e/%2e%2e/etc/passwd")?.filePath).toBe(
      path.join(root, "etc/passwd"),
    );
    expect(resolveAppAsset(root, "app://signdesk/assets/..%2f..%2f..%2fetc%2fpasswd")).toBeNull();
    expect(resolveAppAsset(root, "app://signdesk/assets/%00.js")).toBeNull();
  });

  it("refuses other hosts and schemes", () => {
    expect(resolveAppAsset(root, "app://other/index.html")).toBeNull();
    expect(resolveAppAsset(root, "file:///opt/signdesk/renderer/index.html")).toBeNull();
    expect(resolveAppAsset(root, "::")).toBeNull();
  });

  it("serves the harness's loopback origin when told to", () => {
    expect(resolveAppAsset(root, "http://127.0.0.1:4000/index.html", "http://127.0.0.1:4000")?.filePath).toBe(
      path.join(root, "index.html"),
    );
    expect(resolveAppAsset(root, "http://127.0.0.1:4001/index.html", "http://127.0.0.1:4000")).toBeNull();
  });

  it("sends the CSP and nosniff with every file", () => {
    const headers = appAssetHeaders("text/javascript");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
});
