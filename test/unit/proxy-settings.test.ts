import { describe, expect, it } from "vitest";
import { inEnglish } from "../../common/i18n/english";
import { ProxyCredentialsSchema } from "../../common/proxy";
import { envProxyFor } from "../../main/service/env-proxy";
import { parseProxyChoice } from "../../main/service/proxy-choice";
import { systemProxyFor } from "../../main/service/system-proxy";
import { resolveProxyAsChromium } from "../support/electron-standin/main-process/proxy-resolution";

describe("the system's answer in PAC form", () => {
  it("takes the first entry Signdesk can use, in order", () => {
    expect(parseProxyChoice("DIRECT")).toEqual({ kind: "direct" });
    expect(parseProxyChoice("")).toEqual({ kind: "direct" });
    expect(parseProxyChoice("PROXY proxy.corp:3128; DIRECT")).toEqual({
      kind: "proxy",
      address: "proxy.corp:3128",
      secure: false,
    });
    expect(parseProxyChoice("HTTPS gw.corp:443")).toEqual({ kind: "proxy", address: "gw.corp:443", secure: true });
    expect(parseProxyChoice("SOCKS5 s.corp:1080; PROXY [fd00::1]:8080")).toEqual({
      kind: "proxy",
      address: "[fd00::1]:8080",
      secure: false,
    });
    expect(parseProxyChoice("SOCKS5 s.corp:1080;DIRECT")).toEqual({ kind: "direct" });
  });

  it("says so when only proxies it cannot speak are given, rather than going around them", () => {
    expect(parseProxyChoice("SOCKS5 s.corp:1080; QUIC q.corp:443")).toEqual({
      kind: "unsupported",
      entries: "SOCKS5 s.corp:1080; QUIC q.corp:443",
    });
  });
});

describe("what every request of main follows (the service's, a download's, an update's)", () => {
  const target = new URL("https://api.example.com/v1/x");
  const settings = (answer: () => Promise<string>) => ({
    resolve: answer,
    credentials: async (address: string) => (address === "p.corp:3128" ? { username: "ann", password: "pw" } : null),
  });

  it("goes direct without settings, or where they say DIRECT", async () => {
    expect(await systemProxyFor(undefined, target)).toEqual({ kind: "direct" });
    expect(
      await systemProxyFor(
        settings(async () => "DIRECT"),
        target,
      ),
    ).toEqual({ kind: "direct" });
  });

  it("goes through the proxy named, with the sign-in kept for it", async () => {
    expect(
      await systemProxyFor(
        settings(async () => "PROXY p.corp:3128"),
        target,
      ),
    ).toEqual({
      kind: "proxy",
      proxy: { kind: "proxy", address: "p.corp:3128", secure: false },
      credentials: { username: "ann", password: "pw" },
    });
    expect(
      await systemProxyFor(
        settings(async () => "HTTPS q.corp:443"),
        target,
      ),
    ).toMatchObject({
      proxy: { address: "q.corp:443", secure: true },
      credentials: null,
    });
  });

  it("says why it cannot follow settings it cannot read or proxies it cannot speak", async () => {
    // The reason is a phrase, rendered in the window's language where it is shown: here in English.
    const inWords = (choice: Awaited<ReturnType<typeof systemProxyFor>>) =>
      "message" in choice && typeof choice.message === "object"
        ? { ...choice, message: inEnglish(choice.message) }
        : choice;
    expect(
      inWords(
        await systemProxyFor(
          settings(async () => {
            throw new Error("PAC script failed");
          }),
          target,
        ),
      ),
    ).toEqual({
      kind: "refused",
      message: "The system's proxy settings for https://api.example.com could not be read: PAC script failed",
    });
    expect(
      inWords(
        await systemProxyFor(
          settings(async () => "SOCKS5 s.corp:1080"),
          target,
        ),
      ),
    ).toEqual({
      kind: "refused",
      message:
        "The system's proxy settings send https://api.example.com only through proxies Signdesk cannot use (SOCKS5 s.corp:1080): set an HTTP proxy for it, or none.",
    });
  });
});

describe("the proxy from the environment, for main run as plain Node", () => {
  const service = "https://api.example.com/v1/getAllDocuments";

  it("reads https_proxy for https and http_proxy for http, lower case first", () => {
    expect(envProxyFor(service, { https_proxy: "http://proxy.corp:3128", HTTPS_PROXY: "http://other:1" })).toBe(
      "PROXY proxy.corp:3128",
    );
    expect(envProxyFor(service, { HTTPS_PROXY: "proxy.corp:8080" })).toBe("PROXY proxy.corp:8080");
    expect(envProxyFor("http://api.example.com/", { http_proxy: "http://proxy.corp" })).toBe("PROXY proxy.corp:80");
    expect(envProxyFor(service, { http_proxy: "http://proxy.corp:3128" })).toBe("DIRECT");
    expect(envProxyFor(service, { all_proxy: "socks5://s.corp" })).toBe("SOCKS5 s.corp:1080");
    expect(envProxyFor(service, { https_proxy: "https://gw.corp" })).toBe("HTTPS gw.corp:443");
    expect(envProxyFor(service, {})).toBe("DIRECT");
  });

  it("leaves HTTP_PROXY alone in a CGI request (httpoxy)", () => {
    expect(envProxyFor("http://api.example.com/", { HTTP_PROXY: "http://evil:1", REQUEST_METHOD: "GET" })).toBe(
      "DIRECT",
    );
  });

  it("goes direct for no_proxy's hosts, their subdomains, a port, an address, or everything", () => {
    const proxy = { https_proxy: "http://proxy.corp:3128" };
    const direct = (noProxy: string, url = service) => envProxyFor(url, { ...proxy, no_proxy: noProxy });
    expect(direct("example.com")).toBe("DIRECT");
    expect(direct(".example.com")).toBe("DIRECT");
    expect(direct("*.example.com")).toBe("DIRECT");
    expect(direct("other.com, api.example.com")).toBe("DIRECT");
    expect(direct("api.example.com:443")).toBe("DIRECT");
    expect(direct("api.example.com:8443")).toBe("PROXY proxy.corp:3128");
    expect(direct("ample.com")).toBe("PROXY proxy.corp:3128");
    expect(direct("10.0.0.5", "https://10.0.0.5/x")).toBe("DIRECT");
    expect(direct("*")).toBe("DIRECT");
  });

  it("never sends loopback through a proxy (the built-in sandbox is on 127.0.0.1)", () => {
    for (const url of ["http://127.0.0.1:4010/", "http://localhost:4010/", "http://[::1]:4010/"])
      expect(envProxyFor(url, { http_proxy: "http://proxy.corp:3128", all_proxy: "http://p:1" })).toBe("DIRECT");
  });

  it("agrees with the Electron stand-in's reading of Chromium where both apply", () => {
    const cases: [string, NodeJS.ProcessEnv][] = [
      [service, { https_proxy: "http://proxy.corp:3128" }],
      [service, { https_proxy: "http://proxy.corp:3128", no_proxy: "example.com" }],
      ["http://api.example.com/", { http_proxy: "proxy.corp:8080" }],
      ["http://127.0.0.1:4010/", { http_proxy: "proxy.corp:8080" }],
      [service, {}],
    ];
    const noSwitches = { has: () => false, value: () => "" };
    for (const [url, env] of cases) expect(envProxyFor(url, env)).toBe(resolveProxyAsChromium(url, noSwitches, env));
  });
});

describe("a proxy's user name and password", () => {
  it("takes any script and an empty password; refuses a colon in the name (Basic authentication splits on it)", () => {
    expect(ProxyCredentialsSchema.safeParse({ username: "Zoë Ødegård", password: "" }).success).toBe(true);
    expect(ProxyCredentialsSchema.safeParse({ username: "محمد", password: "p:ss" }).success).toBe(true);
    expect(ProxyCredentialsSchema.safeParse({ username: "a:b", password: "x" }).success).toBe(false);
    expect(ProxyCredentialsSchema.safeParse({ username: "", password: "x" }).success).toBe(false);
  });
});
