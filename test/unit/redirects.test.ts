import { describe, expect, it } from "vitest";
import { type RedirectContext, redirectTarget } from "../../main/service/redirects";
import { ServiceError } from "../../main/service/service-error";

/** Where a redirect of `method` from `from` to `location` leads: the URL followed, or the error's category and new address. */
function follow(
  location: string | undefined,
  { method = "GET", base = "http://api.example.com/v1", from, status = 301, hops = 0 }: Partial<Options> = {},
) {
  const context: RedirectContext = {
    method,
    endpoint: "getAllDocuments",
    base: new URL(base),
    from: new URL(from ?? `${base}/getAllDocuments`),
    status,
    headers: location === undefined ? {} : { location },
    hops,
  };
  try {
    return redirectTarget(context).href;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { category: error.category, movedTo: error.movedTo, message: error.message };
  }
}
interface Options {
  method: "GET" | "POST";
  base: string;
  from: string;
  status: number;
  hops: number;
}

describe("redirects of the service's answers", () => {
  it("a GET follows a path on the account's own origin, or its https upgrade on port 443", () => {
    expect(follow("/v2/getAllDocuments")).toBe("http://api.example.com/v2/getAllDocuments");
    expect(follow("https://api.example.com/v1/getAllDocuments")).toBe("https://api.example.com/v1/getAllDocuments");
    expect(follow("getAllDocuments?x=1#frag", { from: "http://api.example.com/v1/old/getAllDocuments" })).toBe(
      "http://api.example.com/v1/old/getAllDocuments?x=1",
    );
  });

  it("a GET to another host, or port, or to the upgrade on another port is not followed: the key stays home", () => {
    for (const elsewhere of [
      "http://api.example.net/v1/getAllDocuments",
      "http://api.example.com:8080/v1/getAllDocuments",
      "https://api.example.com:8443/v1/getAllDocuments",
      "http://evil.example/getAllDocuments",
    ]) {
      const result = follow(elsewhere);
      expect(result, elsewhere).toMatchObject({ category: "moved" });
      expect((result as { message: string }).message).toContain("does not send the API key to another host");
    }
    expect(follow("https://api.example.net/v1/getAllDocuments")).toMatchObject({
      category: "moved",
      movedTo: "https://api.example.net/v1",
    });
    expect(follow("https://api.example.net/login")).toMatchObject({ category: "moved", movedTo: null });
  });

  it("https is never followed to http, even on the same host", () => {
    const down = follow("http://api.example.com/v1/getAllDocuments", { base: "https://api.example.com/v1" });
    expect(down).toMatchObject({ category: "protocol", movedTo: null });
    expect((down as { message: string }).message).toMatch(/secure address to an insecure one/);
    expect(
      follow("http://api.example.com/v1/getAllDocuments", { method: "POST", base: "https://api.example.com/v1" }),
    ).toMatchObject({ category: "protocol" });
  });

  it("a POST is never followed, even on the same origin: 'moved', with the account's new address", () => {
    expect(follow("/v2/getAllDocuments", { method: "POST", status: 308 })).toMatchObject({
      category: "moved",
      movedTo: "http://api.example.com/v2",
      message: expect.stringMatching(
        /^The service moved to http:\/\/api\.example\.com\/v2\/getAllDocuments\. .*nothing was sent/,
      ),
    });
  });

  it("refuses what is not a web address, credentials, a missing Location and a fourth hop", () => {
    expect(follow("ftp://api.example.com/x")).toMatchObject({ category: "protocol" });
    expect(follow("http://user:pw@api.example.com/v1/getAllDocuments")).toMatchObject({ category: "protocol" });
    expect(follow(undefined)).toMatchObject({ category: "protocol" });
    expect(follow(" ")).toMatchObject({ category: "protocol" });
    expect(follow("/v2/getAllDocuments", { hops: 3 })).toMatchObject({
      category: "protocol",
      message: "The service redirected getAllDocuments more than 3 times.",
    });
  });
});
