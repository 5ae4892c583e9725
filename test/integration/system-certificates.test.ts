import { execFileSync, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWith } from "../support/requirements";

const child = path.join(import.meta.dirname, "../support/trusted-ca-child.ts");

/** What main's client answers when it lists the documents of `url` in a process with `env`. */
function listFrom(url: string, env: NodeJS.ProcessEnv, how: "client" | "fetch" = "client"): Promise<string> {
  return new Promise((resolve, reject) => {
    const process = fork(child, [url, how], { execArgv: ["--import", "tsx"], env });
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

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "signdesk-ca-"));
    const file = (name: string) => path.join(folder, name);
    const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
    // A company's private root, and the gateway's certificate it signed (for 127.0.0.1).
    openssl(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=Signdesk Test Company Root",
      "-keyout",
      file("root.key"),
      "-out",
      file("root.pem"),
    );
    openssl(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      file("server.key"),
      "-out",
      file("server.csr"),
    );
    writeFileSync(file("ext.cnf"), "subjectAltName=IP:127.0.0.1\n");
    openssl(
      "x509",
      "-req",
      "-in",
      file("server.csr"),
      "-CA",
      file("root.pem"),
      "-CAkey",
      file("root.key"),
      "-CAcreateserial",
      "-days",
      "2",
      "-extfile",
      file("ext.cnf"),
      "-out",
      file("server.pem"),
    );
    store = file("root.pem");
    server = createServer(
      { key: readFileSync(file("server.key")), cert: readFileSync(file("server.pem")) },
      (_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: "ok", documents: [] }));
      },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
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
});
