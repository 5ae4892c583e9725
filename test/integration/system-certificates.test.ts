import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ConnectProxy, startConnectProxy } from "../support/connect-proxy";
import { makePdf } from "../support/pdf-fixtures";
import { makePrivateCa } from "../support/private-ca";
import { describeWith } from "../support/requirements";

const child = path.join(import.meta.dirname, "../support/trusted-ca-child.ts");

/**
 * What main's client answers when it lists the documents of `url` (or downloads its final PDF) in a process with
 * `env`, through `proxy` when given.
 */
function listFrom(
  url: string,
  env: NodeJS.ProcessEnv,
  how: "client" | "fetch" | "download" = "client",
  proxy: string[] = [],
): Promise<string> {
  return new Promise((resolve, reject) => {
    const process = fork(child, [url, how, ...proxy], { execArgv: ["--import", "tsx"], env });
    process.once("message", (message) => resolve(String(message)));
    process.once("error", reject);
    process.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the child exited with ${code}`));
    });
  });
}

describeWith(["pdf-tools"], "main's HTTPS requests and the system's certificate store", () => {
  let folder: string;
  let server: Server;
  let url: string;
  /** A store in place of the system's: the private root alone (SSL_CERT_FILE, as OpenSSL reads it). */
  let store: string;
  let finalPdf: Buffer;
  /** A company's proxy between main and the service (CONNECT tunnels; it sees no TLS inside them). */
  let proxy: ConnectProxy;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "signdesk-ca-"));
    // A company's private root, and the gateway's certificate it signed (for 127.0.0.1).
    const ca = makePrivateCa(folder, ["IP:127.0.0.1"]);
    store = ca.rootFile;
    finalPdf = Buffer.from(await makePdf());
    proxy = await startConnectProxy();
    server = createServer({ key: ca.key, cert: ca.cert }, (request, response) => {
      if (request.url === "/final.pdf") {
        response.writeHead(200, { "content-type": "application/pdf" });
        response.end(finalPdf);
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "ok", documents: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it("reaches a service whose certificate's root is only in the system's store", async () => {
    expect(await listFrom(url, { ...process.env, SSL_CERT_FILE: store })).toBe("reached");
  });

  it("reaches it by fetch too, as a final PDF's download does", async () => {
    expect(await listFrom(url, { ...process.env, SSL_CERT_FILE: store }, "fetch")).toBe("reached");
  });

  it("refuses it, saying why, when the root is in no store it trusts", async () => {
    const { SSL_CERT_FILE: _file, SSL_CERT_DIR: _dir, NODE_EXTRA_CA_CERTS: _extra, ...env } = process.env;
    expect(await listFrom(url, env)).toMatch(
      /TLS certificate was not accepted \((UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\)/,
    );
  });

  it("reaches it through a CONNECT proxy, the tunnel's TLS checked against the system's store", async () => {
    const tunnels = proxy.tunnels.length;
    const env = { ...process.env, SSL_CERT_FILE: store };
    expect(await listFrom(url, env, "client", [proxy.address])).toBe("reached");
    expect(await listFrom(url, env, "download", [proxy.address])).toBe("reached");
    const target = new URL(url).host;
    expect(proxy.tunnels.slice(tunnels)).toEqual([target, target]);
  });

  it("through the proxy too, a root in no store it trusts is refused", async () => {
    const { SSL_CERT_FILE: _file, SSL_CERT_DIR: _dir, NODE_EXTRA_CA_CERTS: _extra, ...env } = process.env;
    expect(await listFrom(url, env, "client", [proxy.address])).toMatch(/TLS certificate was not accepted/);
  });

  it("a proxy that asks for a user name and password: said, then reached once they are given", async () => {
    const env = { ...process.env, SSL_CERT_FILE: store };
    proxy.requireAuth = "ada:s3cret ✓";
    try {
      const asks = `The proxy ${proxy.address} asks for a user name and password.`;
      expect(await listFrom(url, env, "client", [proxy.address])).toBe(asks);
      expect(await listFrom(url, env, "download", [proxy.address])).toBe(asks);
      const wrong = JSON.stringify({ username: "ada", password: "wrong" });
      expect(await listFrom(url, env, "client", [proxy.address, wrong])).toBe(
        `The proxy ${proxy.address} refused the user name and password Signdesk keeps for it.`,
      );
      const right = JSON.stringify({ username: "ada", password: "s3cret ✓" });
      const tunnels = proxy.tunnels.length;
      expect(await listFrom(url, env, "client", [proxy.address, right])).toBe("reached");
      expect(await listFrom(url, env, "download", [proxy.address, right])).toBe("reached");
      expect(proxy.tunnels.length).toBe(tunnels + 2);
      expect(proxy.authorizations.slice(-2)).toEqual(["ada:s3cret ✓", "ada:s3cret ✓"]);
    } finally {
      proxy.requireAuth = null;
    }
  });
});
