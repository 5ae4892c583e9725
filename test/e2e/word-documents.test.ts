import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findSoffice, systemEnvironment } from "../../node-shared/pdf/find-soffice";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { describeWith } from "../support/requirements";

describeWith(["chromium", "secret-service", "libreoffice"], "the Accounts screen's Word documents section", () => {
  let work: string;
  let app: AppHarness;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "signdesk-word-screen-"));
    const real = systemEnvironment();
    app = await openApp({
      viewport: { width: 1280, height: 800 },
      // A Linux machine without PATH whose only files are under `work`: LibreOffice is nowhere to begin with.
      core: {
        libreOffice: {
          platform: "linux",
          env: { PATH: "" },
          homeDir: path.join(work, "home"),
          isExecutable: async (file) => file.startsWith(`${work}${path.sep}`) && real.isExecutable(file),
        },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("says where to get LibreOffice, refuses a program that is not it, uses one that is, and finds again", async () => {
    const { page } = app;
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Accounts/ })
      .click();
    const section = page.getByRole("region", { name: "Word documents" });
    await expect
      .poll(() => section.getByRole("status").first().textContent(), { timeout: 20_000 })
      .toContain("LibreOffice was not found.Word documents cannot be converted to PDF until it is installed.");
    const link = section.getByRole("link", { name: "https://www.libreoffice.org/download/" });
    expect(await link.getAttribute("href")).toBe("https://www.libreoffice.org/download/");
    expect(await seriousAxeViolations(page)).toEqual([]);

    const field = section.getByLabel("LibreOffice’s program");
    const impostor = path.join(work, "not-soffice");
    await writeFile(impostor, '#!/bin/sh\necho "Fake Office 1.0"\n');
    await chmod(impostor, 0o755);
    await field.fill(impostor);
    await section.getByRole("button", { name: "Use this" }).click();
    await expect
      .poll(() => section.getByRole("alert").textContent(), { timeout: 20_000 })
      .toBe(
        `${impostor} is not LibreOffice: asked for its version, it answered "Fake Office 1.0". Choose LibreOffice's soffice program (get LibreOffice from https://www.libreoffice.org/download/).`,
      );
    await field.fill("soffice");
    await section.getByRole("button", { name: "Use this" }).click();
    await expect
      .poll(() => section.getByRole("alert").textContent(), { timeout: 20_000 })
      .toContain("Enter the full path");

    const chosen = path.join(work, "lo", "soffice");
    await mkdir(path.dirname(chosen), { recursive: true });
    const found = (await findSoffice(systemEnvironment())).path;
    if (found === null) throw new Error("no LibreOffice, although the suite requires it");
    await symlink(await realpath(found), chosen);
    await field.fill(chosen);
    await section.getByRole("button", { name: "Use this" }).click();
    await expect
      .poll(() => section.getByRole("status").first().textContent(), { timeout: 20_000 })
      .toBe(`Word documents are converted to PDF with the LibreOffice at ${chosen}, the path set here.`);
    expect(app.core.settings.get("sofficePath")).toBe(chosen);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await section.getByRole("button", { name: "Find again" }).click();
    await expect
      .poll(() => section.getByRole("status").first().textContent(), { timeout: 20_000 })
      .toContain("LibreOffice was not found");
    expect(await field.inputValue()).toBe("");
    expect(app.core.settings.get("sofficePath")).toBeUndefined();
  });
});
