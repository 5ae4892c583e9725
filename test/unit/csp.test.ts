import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, contentSecurityPolicyForMeta, cspDirectives } from "../../common/csp";

describe("content security policy", () => {
  it("allows no inline script, no eval, no remote origin", () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toMatch(/'unsafe-eval'/);
    expect(policy).not.toMatch(/https?:|ws:|\*/);
    expect(cspDirectives()["default-src"]).toEqual(["'none'"]);
    expect(cspDirectives()["object-src"]).toEqual(["'none'"]);
    expect(cspDirectives()["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("leaves frame-ancestors to the header, where it is honoured", () => {
    expect(contentSecurityPolicy()).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicyForMeta()).not.toContain("frame-ancestors");
  });

  it("relaxes only for the dev server, and only towards it", () => {
    const dev = contentSecurityPolicy({ devServerOrigin: "http://localhost:5173" });
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    expect(dev).toContain("'unsafe-inline'");
    expect(dev).not.toMatch(/'unsafe-eval'/);
  });
});
