import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);

/**
 * Checks that cannot run offline: it downloads Electron's release list to compare versions.
 * The Electron version is kept current through the dependency instead (see README).
 */
export const excludedChecks = ["AvailableSecurityFixesGlobalCheck"];

/**
 * Findings of medium severity or higher that were reviewed and do not apply, each with its reason.
 * The README lists the same; the test fails on any other medium-or-higher finding, and on an entry
 * here that no longer matches a finding (so the list cannot go stale).
 */
export const reviewedFindings = [
  {
    id: "OPEN_EXTERNAL_JS_CHECK",
    file: "main/electron/hardening.ts",
    reason:
      "openExternal is reached only through isSafeExternalUrl (https, a host, no credentials; plain http only to the built-in sandbox's own address), from links the page tries to open or navigate to.",
  },
  {
    id: "PRELOAD_JS_CHECK",
    file: "main/electron/window.ts",
    reason:
      "The preload is required for the bridge: with context isolation and the sandbox it exposes one frozen object with exactly the contract's functions and `on`, never ipcRenderer itself.",
  },
  {
    id: "PROTOCOL_HANDLER_JS_CHECK",
    file: "main/electron/deep-links.ts",
    reason:
      "signdesk:// links are read by parseDeepLink alone: only document/<pdfId> does anything, and it only shows that document's details (no request, no file, no change).",
  },
] as const;

const severityOrder = ["INFORMATIONAL", "LOW", "MEDIUM", "HIGH"];

export function isMediumOrHigher(finding: Finding): boolean {
  return severityOrder.indexOf(finding.severity) >= severityOrder.indexOf("MEDIUM");
}

export function isReviewed(finding: Finding): boolean {
  return reviewedFindings.some((reviewed) => reviewed.id === finding.id && reviewed.file === finding.file);
}

export interface Finding {
  id: string;
  file: string;
  line: number;
  severity: string;
  confidence: string;
  description: string;
  manualReview: boolean;
}

interface RawIssue {
  id: string;
  file: string;
  location: { line: number };
  severity: { value: number; name: string };
  confidence: { name: string };
  description: string;
  manualReview: boolean;
}

/**
 * electronegativity asks its HTTP client (got) for updated translations on every run; with no
 * network, got's retry timer later throws an uncaught error. Offline, the client fails at once
 * and the bundled English texts are used.
 */
function makeElectronegativityOffline(): void {
  const packageDir = path.dirname(require.resolve("@doyensec/electronegativity/package.json"));
  const gotPath = require.resolve("got", { paths: [packageDir] });
  const offline = () => Promise.reject(new Error("offline: electronegativity runs without network access"));
  require.cache[gotPath] = {
    id: gotPath,
    filename: gotPath,
    loaded: true,
    exports: offline,
  } as unknown as NodeJS.Module;
}

/** The shipped sources, as electronegativity should see them: TypeScript plus the built page with its CSP. */
export function stageSources(): string {
  const stage = path.join(root, ".cache/electronegativity");
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const folder of ["common", "main", "preload", "renderer"]) {
    cpSync(path.join(root, folder), path.join(stage, folder), {
      recursive: true,
      filter: (source) => !source.endsWith("tsconfig.json"),
    });
  }
  const builtPage = path.join(root, "dist/renderer/index.html");
  if (!existsSync(builtPage)) throw new Error("Build the app first (npm run build): the built page carries the CSP.");
  cpSync(builtPage, path.join(stage, "renderer/index.html"));
  cpSync(path.join(root, "package.json"), path.join(stage, "package.json"));
  return stage;
}

/** Scans `input` (by default the staged app sources) and returns its findings with paths relative to it. */
export async function runElectronegativity(input?: string): Promise<{ findings: Finding[]; parseErrors: string[] }> {
  makeElectronegativityOffline();
  const electronVersion = (
    JSON.parse(readFileSync(require.resolve("electron/package.json"), "utf8")) as { version: string }
  ).version;
  const run = require("@doyensec/electronegativity") as (options: Record<string, unknown>) => Promise<{
    issues: RawIssue[];
    errors: { file: string; message: string; tolerable?: boolean }[];
  }>;
  const stage = input ?? stageSources();
  const result = await run({
    input: stage,
    isRelative: true,
    excludeFromScan: excludedChecks,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });
  const findings = result.issues.map((issue) => ({
    id: issue.id,
    file: path.relative(stage, path.resolve(stage, issue.file)),
    line: issue.location.line,
    severity: issue.severity.name,
    confidence: issue.confidence.name,
    description: issue.description,
    manualReview: issue.manualReview,
  }));
  const parseErrors = result.errors
    .filter((error) => !error.tolerable)
    .map((error) => `${error.file}: ${error.message}`);
  return { findings, parseErrors };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { findings, parseErrors } = await runElectronegativity();
  for (const finding of findings) {
    const note = isMediumOrHigher(finding) ? (isReviewed(finding) ? " (reviewed, see README)" : " (NOT REVIEWED)") : "";
    console.log(
      `${finding.severity.padEnd(13)} ${finding.id} ${finding.file}:${finding.line} ${finding.description}${note}`,
    );
  }
  for (const error of parseErrors) console.log(`parse error: ${error}`);
  const blocking = findings.filter((finding) => isMediumOrHigher(finding) && !isReviewed(finding));
  process.exit(blocking.length === 0 && parseErrors.length === 0 ? 0 : 1);
}
