import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  isMediumOrHigher,
  isReviewed,
  reviewedFindings,
  runElectronegativity,
  stageSources,
} from "../../scripts/electronegativity.ts";

const root = path.resolve(import.meta.dirname, "../..");
const insecure = path.join(root, ".cache/electronegativity-control");

afterAll(() => rmSync(insecure, { recursive: true, force: true }));

describe("electronegativity", () => {
  it("reports nothing of medium severity or higher that is not reviewed in the README", async () => {
    const { findings, parseErrors } = await runElectronegativity(stageSources());
    expect(parseErrors).toEqual([]);
    const unreviewed = findings.filter((finding) => isMediumOrHigher(finding) && !isReviewed(finding));
    expect(unreviewed).toEqual([]);
    for (const reviewed of reviewedFindings) {
      expect(
        findings.some((finding) => finding.id === reviewed.id && finding.file === reviewed.file),
        `${reviewed.id} in ${reviewed.file} no longer occurs: drop it from the reviewed list and the README`,
      ).toBe(true);
    }
  });

  it("does flag an insecure window (control: the scan really runs here)", async () => {
    mkdirSync(insecure, { recursive: true });
    writeFileSync(
      path.join(insecure, "package.json"),
      JSON.stringify({ name: "control", devDependencies: { electron: "45.0.0" } }),
    );
    writeFileSync(
      path.join(insecure, "main.js"),
      "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
    );
    const { findings } = await runElectronegativity(insecure);
    const ids = findings.filter(isMediumOrHigher).map((finding) => finding.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "CONTEXT_ISOLATION_JS_CHECK",
        "SANDBOX_JS_CHECK",
        "LIMIT_NAVIGATION_GLOBAL_CHECK",
        "PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK",
        "CSP_GLOBAL_CHECK",
      ]),
    );
  });
});
