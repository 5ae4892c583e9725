import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ConnectProxy, startConnectProxy } from "../support/connect-proxy";
import { makePrivateCa } from "../support/private-ca";
import { describeWith } from "../support/requirements";
import { slow } from "../support/round-trip";
import { type RunningSandbox, startSandbox } from "../support/sandbox";
import { launchStandinApp, type StandinApp } from "../support/standin-app";
import { startTlsFront, type TlsFront } from "../support/tls-front";

/*
 * Issue 31: the built main bundle asks Electron's session which proxy a request takes (`session.resolveProxy`, once
 * the app is ready: before, the stand-in throws as Electron does), here from Chromium's `--proxy-server` switch. The
 * service, https at a name only the company's proxy resolves, with a certificate from a root only in the system's
 * store (SSL_CERT_FILE), is reached through a CONNECT tunnel; the built-in sandbox on loopback never goes through it.
 */
describeWith(
  ["chromium", "secret-service", "pdf-tools"],
  "main's requests follow Electron's proxy settings (stand-in)",
  () => {
    let folder: string;
    let sandbox: RunningSandbox;
    let front: TlsFront;
    let proxy: ConnectProxy;
    let app: StandinApp;
    let page: Page;

    beforeAll(async () => {
      folder = mkdtempSync(path.join(tmpdir(), "signdesk-standin-proxy-"));
      const ca = makePrivateCa(folder, ["DNS:service.test"]);
      sandbox = await startSandbox();
      front = await startTlsFront(sandbox.url, ca);
      proxy = await startConnectProxy({ "service.test": "127.0.0.1" });
      app = await launchStandinApp({
        switches: [`--proxy-server=${proxy.address}`],
        env: { SSL_CERT_FILE: ca.rootFile },
      });
      page = await app.window();
      await page.getByTestId("app-version").waitFor(slow);
    });
    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await front?.close();
      await sandbox?.close();
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    });

    it("reaches a service through the proxy the session names, and the loopback sandbox directly", async () => {
      const address = `service.test:${front.port}`;
      const outcome = await page.evaluate(
        async ({ baseUrl, apiKey }) => {
          const api = window.signdesk;
          if (api === undefined) throw new Error("no bridge");
          const added = await api.accountsAdd({ name: "Behind the proxy", baseUrl, apiKey });
          if (!added.ok) return added.error.message;
          const checked = await api.accountsTestConnection({ id: added.value.id });
          const removed = await api.accountsRemove({ id: added.value.id });
          return checked.ok && removed.ok ? checked.value.outcome : JSON.stringify(checked);
        },
        { baseUrl: `https://${address}`, apiKey: sandbox.key },
      );
      expect(outcome).toBe("ok");
      expect(proxy.tunnels).toEqual([address]);
      // Nothing else went through the proxy: the app's own sandbox is on loopback, which never does.
      expect(proxy.forwarded).toEqual([]);
    });
  },
);
