import { readdir, readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { bridgeCall } from "../support/bridge-call";
import { makePdf } from "../support/pdf-fixtures";
import { boldNames, readmeSteps } from "../support/readme-steps";
import { describeWith } from "../support/requirements";
import { detailBadge, dropPdfOnWindow, runId, slow } from "../support/round-trip";

/**
 * README.md's "Quick start", followed word for word: each numbered step is read from README.md and done here in
 * the real app (the built renderer in Chromium, the real handlers and core, the embedded sandbox). A step finds
 * what it uses only through `ui`, by the name the README writes in bold; every bold name of a step must be used
 * by it, and nothing else: renaming a button in the app or in the README without the other fails here.
 */

type Role = "button" | "link" | "heading" | "region" | "list" | "label";

/** Finds `name` as the step says it: exactly, or (buttons and links) as the start of a longer accessible name. */
type Ui = (scope: Page | Locator, role: Role, name: string, options?: { wait?: boolean }) => Promise<Locator>;

interface Step {
  /** Words the README's step must contain (which step this is). */
  says: RegExp;
  run(ui: Ui): Promise<void>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function makeUi(used: Set<string>): Ui {
  return async (scope, role, name, options = {}) => {
    used.add(name);
    const exact =
      role === "label" ? scope.getByLabel(name, { exact: true }) : scope.getByRole(role, { name, exact: true });
    const candidates =
      role === "button" || role === "link"
        ? exact.or(scope.getByRole(role, { name: new RegExp(`^${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "u") }))
        : exact;
    if (options.wait === false) return candidates.first();
    await candidates.first().waitFor(slow);
    return (await exact.count()) > 0 ? exact : candidates;
  };
}

async function expectNoSerious(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

describeWith(["chromium", "secret-service"], "README.md's Quick start, step by step, in the real app", () => {
  let app: AppHarness;
  const id = runId();
  const me = { name: "Quinn Starter", email: `quinn.${id}@example.com` };
  const documentName = `Quick start ${id}`;
  /** What Signdesk names the document sent from it: the template's name and the first recipient's. */
  const sentName = `${documentName} – ${me.name}`;
  let signing: Page | undefined;
  let inbox: Page | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await openApp({ viewport: { width: 1280, height: 820 } });
    app.page.on("pageerror", (error) => problems.push(error.message));
    await app.page.getByTestId("app-version").waitFor(slow);
  });

  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;
  const script: Step[] = [
    {
      says: /^Run `npm install && npm start`\./,
      run: async (ui) => {
        const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
        expect(readme).toContain("```sh\nnpm install && npm start\n```");
        await ui(page(), "heading", "Templates");
        await expect(page().locator("footer.status-bar").first().textContent()).resolves.toContain("Sandbox");
      },
    },
    {
      says: /^Drop a PDF anywhere on the window\./,
      run: async () => {
        await dropPdfOnWindow(page(), `${documentName}.pdf`, await makePdf([{}]));
        await expect.poll(() => page().locator("#editor-title").textContent(), slow).toBe(documentName);
        await page().locator('.editor-pages [data-page-index="0"] .pdf-page-overlay canvas').first().waitFor(slow);
      },
    },
    {
      says: /click on the page where the signature goes/,
      run: async (ui) => {
        const fields = await ui(page(), "region", "Fields");
        await (await ui(fields, "button", "Signature")).click();
        const slot = await page().locator('.editor-pages [data-page-index="0"]').boundingBox();
        if (slot === null) throw new Error("page 1 is not shown");
        await page().mouse.click(slot.x + slot.width / 3, slot.y + Math.min(slot.height / 3, 300));
        const inspector = page().getByRole("region", { name: "Selection" });
        await expect.poll(() => inspector.getByLabel("Type").inputValue(), slow).toBe("Signature");
      },
    },
    {
      says: /^Click \*\*Create template…\*\*/,
      run: async (ui) => {
        await (await ui(page(), "button", "Create template…")).click();
        const dialog = page().getByRole("dialog", { name: "Create template" });
        await (await ui(dialog, "button", "Create template")).click();
        await page()
          .getByRole("status")
          .filter({ hasText: `Template “${documentName}” created.` })
          .waitFor(slow);
        await (await ui(page(), "button", "Back to templates")).click();
      },
    },
    {
      says: /Type your own name and address/,
      run: async (ui) => {
        const created = await ui(page(), "list", "Templates created");
        const row = created.getByRole("listitem").filter({ hasText: documentName });
        await (await ui(row, "button", "Send…")).click();
        const recipient = page().getByRole("group", { name: "Recipient 1" });
        await (await ui(recipient, "label", "Name")).fill(me.name);
        await (await ui(recipient, "label", "E-mail")).fill(me.email);
        await (await ui(page(), "button", "Send")).click();
        await page().getByRole("heading", { level: 1, name: sentName, exact: true }).waitFor(slow);
      },
    },
    {
      says: /your signing page opens in your browser/,
      run: async (ui) => {
        const region = await ui(page(), "region", "Signing pages");
        await expectNoSerious(page(), "a sandbox document's details with its signing pages");
        await screenshot(page(), "details-signing-pages");
        const link = await ui(region, "link", "Open signing page");
        const [opened] = await Promise.all([app.context.waitForEvent("page", slow), link.click()]);
        signing = opened;
        await opened.waitForLoadState();
        await expect
          .poll(() => opened.locator("#doc-recipient").textContent(), slow)
          .toBe(`For ${me.name} <${me.email}>`);
      },
    },
    {
      says: /^On that page, click the \*\*Signature\*\* field/,
      run: async (ui) => {
        if (signing === undefined) throw new Error("no signing page");
        await (await ui(signing, "button", "Signature")).click();
        const dialog = signing.getByRole("dialog", { name: "Add your signature" });
        await (await ui(dialog, "label", "Type your name")).fill(me.name);
        await (await ui(dialog, "button", "Apply")).click();
        await (await ui(signing, "button", "Finish and sign")).first().click();
        await signing.getByRole("heading", { name: "Signed, thank you" }).waitFor(slow);
      },
    },
    {
      says: /^Back in Signdesk, click \*\*Check status now\*\*/,
      run: async (ui) => {
        await page().bringToFront();
        // Signdesk may have seen the signature by itself already: then there is nothing left to check.
        await expect
          .poll(async () => {
            if ((await detailBadge(page()).textContent())?.includes("Signed")) return true;
            const check = await ui(page(), "button", "Check status now", { wait: false });
            if (await check.isEnabled().catch(() => false)) await check.click().catch(() => {});
            return false;
          }, slow)
          .toBe(true);
        await (await ui(page(), "button", "Download")).click();
        await page().getByRole("status").filter({ hasText: "Saved" }).waitFor(slow);
        await ui(page(), "button", "Show in folder");
        expect(await readdir(app.downloadsDir)).toEqual([`${sentName} - signed.pdf`]);
      },
    },
    {
      says: /without asking for a key/,
      run: async (ui) => {
        const nav = page().getByRole("navigation", { name: "Main" });
        await (await ui(nav, "button", "Accounts")).click();
        const region = await ui(page(), "region", "Sandbox inbox");
        // At the top: the screen's first section, before the accounts and the form to add one.
        await expect(page().locator(".screen-body h2").first().textContent()).resolves.toBe("Sandbox inbox");
        await region.getByRole("list", { name: "Sandbox inbox" }).getByText(me.email).first().waitFor(slow);
        await expectNoSerious(page(), "Accounts with the sandbox inbox at the top");
        await screenshot(page(), "accounts-inbox-top");
        const button = await ui(region, "button", "Open the inbox in your browser");
        const [opened] = await Promise.all([app.context.waitForEvent("page", slow), button.click()]);
        inbox = opened;
        await opened.getByRole("heading", { name: "Messages" }).waitFor(slow);
        await opened.getByText(`${me.name} <${me.email}>`).first().waitFor(slow);
        await expect(opened.getByLabel("Sandbox API key").isVisible()).resolves.toBe(false);
        // The ticket left the address bar as soon as it was read.
        expect(new URL(opened.url()).hash).toBe("");
      },
    },
  ];

  const shots = process.env.QUICK_START_SCREENSHOTS_DIR;
  async function screenshot(target: Page, name: string): Promise<void> {
    if (shots === undefined || shots === "") return;
    for (const scheme of ["light", "dark"] as const) {
      await target.emulateMedia({ colorScheme: scheme });
      await target.screenshot({ path: `${shots}/${name}-${scheme}.png`, fullPage: true });
      if (scheme === "dark") await expectNoSerious(target, `${name}, dark`);
    }
    await target.emulateMedia({ colorScheme: "light" });
  }

  const steps = readmeSteps("Quick start");

  it("has one scripted action per numbered step of README.md's Quick start, in order", () => {
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.map((step, index) => script[index]?.says.test(step) ?? false)).toEqual(steps.map(() => true));
    expect(script.length).toBe(steps.length);
  });

  it("does each step, using exactly the names the step gives in bold", async () => {
    for (const [index, step] of steps.entries()) {
      const action = script[index];
      if (action === undefined) throw new Error(`no action for step ${index + 1}: ${step}`);
      const used = new Set<string>();
      await action.run(makeUi(used));
      expect([...used].sort(), `step ${index + 1}: ${step}`).toEqual([...new Set(boldNames(step))].sort());
    }
    expect(problems).toEqual([]);
  }, 300_000);

  describe("the inbox page opened from the app", () => {
    it("reads the messages without a key, and its link works only once", async () => {
      if (inbox === undefined) throw new Error("the inbox page was not opened");
      await expectNoSerious(inbox, "the sandbox's inbox opened from the app");
      await screenshot(inbox, "sandbox-inbox-page");
      const { url } = await bridgeCall<{ url: string }>(page(), "sandboxInboxLink");
      const sandbox = app.core.accounts.list().find((account) => account.kind === "sandbox");
      if (sandbox === undefined) throw new Error("no sandbox account");
      expect(url).not.toContain(await app.core.accounts.apiKey(sandbox.id));
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sandbox\/inbox#ticket=[\w-]{20,}$/);
      const first = await app.context.newPage();
      await first.goto(url);
      await first.getByText(`${me.name} <${me.email}>`).first().waitFor(slow);
      // The same address again (a fresh tab, nothing remembered): refused, and the page asks for the key.
      const again = await app.browser.newContext().then((context) => context.newPage());
      await again.goto(url);
      await again.getByText("This inbox link was already used or has expired.", { exact: false }).waitFor(slow);
      await expect(again.getByLabel("Sandbox API key").isVisible()).resolves.toBe(true);
      await expectNoSerious(again, "the inbox after a used link");
      await screenshot(again, "sandbox-inbox-used-link");
      await again.context().close();
      await first.close();
    });
  });
});
