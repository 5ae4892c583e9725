import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fieldBoxSizes } from "../../common/fields";
import { popplerTagCorner } from "../../scripts/detect-corpus/tags-oracle";
import { type AppHarness, openApp } from "../support/app-harness";
import { seriousAxeViolations } from "../support/axe";
import { chooseFile } from "../support/editor-driver";
import { createTemplateFromEditor, waitForAllSaved, waitForEditor } from "../support/editor-steps";
import {
  downloadSigned,
  expectStampsInBoxes,
  foundItem,
  foundPanel,
  groupFieldCount,
  signEveryField,
  waitForFound,
} from "../support/found-fields-steps";
import { drawnOnPage } from "../support/pdf-drawn";
import { describeWith } from "../support/requirements";
import {
  goTo,
  inboxMessage,
  openSigningPageIn,
  type Party,
  runId,
  sendDocument,
  sendTemplateFromTemplates,
  slow,
  waitForSigningPage,
} from "../support/round-trip";

const fixtures = path.resolve(import.meta.dirname, "../fixtures/detect");

interface ExpectedField {
  type: string;
  page: number;
  x: number;
  y: number;
  label: string;
}

describeWith(
  ["chromium", "secret-service", "libreoffice"],
  "fields found in a document: reviewed, placed, signed where they were found",
  () => {
    let app: AppHarness;
    const problems: string[] = [];

    beforeAll(async () => {
      app = await openApp({ viewport: { width: 1280, height: 820 } });
      app.page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await app.page.getByTestId("app-version").waitFor(slow);
    });

    afterAll(async () => {
      await app?.close();
    });

    /** The draft the editor shows, as main saved it. */
    const savedDraft = async (name: string) => {
      const summary = (await app.core.drafts.list()).find((draft) => draft.name === name);
      if (summary === undefined) throw new Error(`no draft ${name}`);
      return { draft: await app.core.drafts.open(summary.id), pdf: app.core.drafts.pdfPath(summary.id) };
    };

    it("an AcroForm PDF: its widgets are reviewed, placed some at a time, and stamped where the widgets were", async () => {
      const { page } = app;
      const id = runId();
      const name = "e2e-acroform";
      await goTo(page, "Templates");
      await chooseFile(page, { path: path.join(fixtures, `${name}.pdf`) });
      await waitForEditor(page, name, 1);

      // Found by itself once the draft is made: four widgets, each outlined on the page, nothing placed yet.
      await waitForFound(page, "4 fields on 1 page for 1 recipient");
      await expect(page.locator(".found-box").count()).resolves.toBe(4);
      expect(await groupFieldCount(page, "Recipient 1")).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Some now: all but the checkbox; the review says what was placed.
      await foundItem(page, "Checkbox for Recipient 1, page 1").uncheck();
      await foundPanel(page).getByRole("button", { name: "Place 3 fields" }).click();
      await foundPanel(page).getByRole("status").filter({ hasText: "3 fields placed." }).waitFor(slow);
      expect(await groupFieldCount(page, "Recipient 1")).toBe(3);

      // The rest later: looked for again, only the checkbox ticked; one undo takes back that placing alone.
      await foundPanel(page).getByRole("button", { name: "Look again" }).click();
      await waitForFound(page, "4 fields on 1 page for 1 recipient");
      await foundPanel(page).getByRole("checkbox", { name: "Select all" }).uncheck();
      await foundItem(page, "Checkbox for Recipient 1, page 1").check();
      await foundPanel(page).getByRole("button", { name: "Place 1 field" }).click();
      await expect.poll(() => groupFieldCount(page, "Recipient 1")).toBe(4);
      await page.getByRole("button", { name: "Undo", exact: true }).click();
      await expect.poll(() => groupFieldCount(page, "Recipient 1")).toBe(3);
      await page.getByRole("button", { name: "Redo", exact: true }).click();
      await expect.poll(() => groupFieldCount(page, "Recipient 1")).toBe(4);
      await waitForAllSaved(page);

      // Each field at the top-left of its widget's rectangle, as qpdf reads it (the corpus's expected answer).
      const expected = JSON.parse(readFileSync(path.join(fixtures, `${name}.pdf.expected.json`), "utf8")) as {
        fields: ExpectedField[];
      };
      const { draft } = await savedDraft(name);
      expect(draft.fields).toHaveLength(expected.fields.length);
      for (const want of expected.fields) {
        const field = draft.fields.find((each) => each.type === want.type && each.page === want.page);
        expect(field, `${want.type} ${want.label}`).toBeDefined();
        expect(Math.abs((field?.x ?? 0) - want.x)).toBeLessThanOrEqual(1);
        expect(Math.abs((field?.y ?? 0) - want.y)).toBeLessThanOrEqual(1);
      }

      // A template, sent, signed on the sandbox's page: every stamp in its field's box, where the widget was.
      await createTemplateFromEditor(page, name);
      const signer: Party = { label: "Recipient 1", name: "Rosa Díaz", email: `rosa.${id}@example.com` };
      await sendTemplateFromTemplates(page, name);
      const pdfId = await sendDocument(page, name, [signer]);
      const signing = await openSigningPageIn(app.context)(await inboxMessage(page, pdfId, signer), signer);
      await waitForSigningPage(signing, name, signer, 4);
      await signEveryField(signing, signer);
      await signing.close();
      const signed = await downloadSigned(page, pdfId, `${name} – ${signer.name}`);
      await expectStampsInBoxes(
        signed,
        draft.fields,
        new Map([
          ["Name", /^Rosa Díaz$/],
          ["Email", new RegExp(`^rosa\\.${id}@example\\.com$`)],
        ]),
      );
      expect(problems).toEqual([]);
    }, 300_000);

    it("a tagged Word file: its tags become two recipients' fields, hidden in the upload, stamped where the tags were", async () => {
      const { page } = app;
      const id = runId();
      const name = "e2e-tagged";
      await goTo(page, "Templates");
      await chooseFile(page, { path: path.join(fixtures, `${name}.docx`) });
      await waitForEditor(page, name, 1);
      await waitForFound(page, "4 fields on 1 page for 2 recipients");
      await expect(foundPanel(page).textContent()).resolves.toContain(
        "Text tags are painted over in the PDF that is uploaded, so recipients never see them.",
      );
      await expect(foundItem(page, "Signature for Recipient 2, page 1").isChecked()).resolves.toBe(true);
      await foundPanel(page).getByRole("button", { name: "Place 4 fields" }).click();
      // r1 is the draft's first recipient; r2 a new one, by the name the app gives a second recipient.
      await expect.poll(() => groupFieldCount(page, "Recipient 1")).toBe(3);
      expect(await groupFieldCount(page, "Recipient 2")).toBe(1);
      // One step: undo takes all four back, and the second recipient with them.
      await page.getByRole("button", { name: "Undo", exact: true }).click();
      await expect.poll(() => groupFieldCount(page, "Recipient 1")).toBe(0);
      await expect(
        page
          .getByRole("region", { name: "Recipients" })
          .getByRole("button", { name: /^Recipient 2,/ })
          .count(),
      ).resolves.toBe(0);
      await page.getByRole("button", { name: "Redo", exact: true }).click();
      await expect.poll(() => groupFieldCount(page, "Recipient 2")).toBe(1);
      await waitForAllSaved(page);

      // Each field at its tag's top-left as poppler boxes it in the PDF LibreOffice made here, and the tag's box kept.
      const { draft, pdf } = await savedDraft(name);
      const tags = ["{{signature, r1}}", "{{name, r1}}", "{{date, r1}}", "{{signature, r2}}"];
      for (const tag of tags) {
        const corner = popplerTagCorner(pdf, 1, tag);
        const field = draft.fields.find((each) => Math.abs(each.y - corner.y) <= 1 && Math.abs(each.x - corner.x) <= 1);
        expect(field, `a field at ${tag}`).toBeDefined();
        expect(field?.cover?.page).toBe(1);
        expect(Math.abs((field?.cover?.x ?? 0) - corner.x)).toBeLessThanOrEqual(1);
      }
      const [first, second] = draft.groups;
      expect(draft.fields.filter((field) => field.groupId === second?.id).map((field) => field.type)).toEqual([
        "Signature",
      ]);
      expect(
        draft.fields
          .filter((field) => field.groupId === first?.id)
          .map((field) => field.type)
          .sort(),
      ).toEqual(["Date", "Name", "Signature"]);

      await createTemplateFromEditor(page, name);
      const parties: Party[] = [
        { label: "Recipient 1", name: "Amaka Obi", email: `amaka.${id}@example.com` },
        { label: "Recipient 2", name: "Lars Holm", email: `lars.${id}@example.com` },
      ];
      await sendTemplateFromTemplates(page, name);
      const pdfId = await sendDocument(page, name, parties);
      const documentName = `${name} – ${parties[0]?.name}`;
      for (const [index, party] of parties.entries()) {
        const signing = await openSigningPageIn(app.context)(await inboxMessage(page, pdfId, party), party);
        await waitForSigningPage(signing, name, party, index === 0 ? 3 : 1);
        await signEveryField(signing, party);
        await signing.close();
      }
      const signed = await downloadSigned(page, pdfId, documentName);
      await expectStampsInBoxes(signed, draft.fields, new Map([["Name", /^Amaka Obi$/]]));
      // Each tag's box painted over (a filled rectangle of its size) in the PDF that was uploaded and signed.
      const drawn = await drawnOnPage(signed, 1);
      for (const field of draft.fields) {
        const cover = field.cover;
        if (cover === undefined) throw new Error("a field placed from a tag has its cover");
        const painted = drawn.some(
          (each) =>
            each.kind === "path" &&
            Math.abs(each.x - cover.x) <= 0.5 &&
            Math.abs(each.y - cover.y) <= 0.5 &&
            Math.abs(each.width - cover.width) <= 0.5 &&
            Math.abs(each.height - cover.height) <= 0.5,
        );
        expect(painted, `the tag at ${cover.x}, ${cover.y} painted over`).toBe(true);
        expect(cover.width).toBeLessThanOrEqual(fieldBoxSizes.Email.width);
      }
      expect(problems).toEqual([]);
    }, 300_000);
  },
);
