import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../scripts/run-command.ts";

const root = path.resolve(import.meta.dirname, "../..");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
const probes = path.join(root, ".cache/boundary-probes");

/** Type-checks `source` under exactly the compiler options of `runtime`'s tsconfig. */
async function typecheckAs(runtime: string, name: string, source: string) {
  const dir = path.join(probes, runtime, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "probe.ts"), source);
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ extends: path.relative(dir, path.join(root, runtime, "tsconfig.json")), include: ["probe.ts"] }),
  );
  return runCommand(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json"), "--pretty", "false"], { cwd: root });
}

afterAll(() => rmSync(probes, { recursive: true, force: true }));

describe("runtime boundaries", () => {
  for (const runtime of ["common", "renderer"]) {
    it(`${runtime}: a plain module type-checks (control)`, async () => {
      const result = await typecheckAs(runtime, "control", 'import { z } from "zod";\nexport const s = z.string();\n');
      expect(result.code, result.output).toBe(0);
    });

    it(`${runtime}: importing electron fails the type check`, async () => {
      const result = await typecheckAs(runtime, "electron", 'import { app } from "electron";\nexport const a = app;\n');
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/probe\.ts\(1,\d+\): error TS2306/);
    });

    it(`${runtime}: importing a node: module fails the type check`, async () => {
      const result = await typecheckAs(
        runtime,
        "node",
        'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/probe\.ts\(1,\d+\): error TS2306/);
    });

    it(`${runtime}: a bare Node builtin has no types either`, async () => {
      const result = await typecheckAs(
        runtime,
        "bare",
        'import { readFileSync } from "fs";\nexport const r = readFileSync;\n',
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/probe\.ts\(1,\d+\): error TS2\d{3}/);
    });
  }

  it("sandbox: importing electron fails the type check", async () => {
    const result = await typecheckAs("sandbox", "electron", 'import { app } from "electron";\nexport const a = app;\n');
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/error TS2306/);
  });

  it("every import in the tree keeps to its runtime's rules", () => {
    expect(treeOffences()).toEqual([]);
  });

  it.each(plantedViolations)("catches a planted violation: $rule", ({ file, source, rule }) => {
    expect(importOffences(file, source).map((offence) => offence.rule)).toContain(rule);
  });

  it("lets the allowed imports through", () => {
    const allowed: [string, string][] = [
      ["main/index.ts", 'import { app } from "electron";'],
      ["main/electron/window.ts", 'import { BrowserWindow } from "electron";'],
      ["preload/index.ts", 'import { contextBridge } from "electron";'],
      ["main/sandbox-host.ts", 'import { createSandbox } from "../sandbox/index";'],
      ["main/drafts/draft-store.ts", 'import { inspectPdf } from "../../node-shared/pdf/inspect-pdf";'],
      ["sandbox/routes/templates.ts", 'import { inspectPdf } from "../../node-shared/pdf/inspect-pdf";'],
      ["renderer/App.tsx", 'import { z } from "zod";\nimport { channelNames } from "../common/channels";'],
    ];
    for (const [file, source] of allowed) expect(importOffences(file, source), file).toEqual([]);
  });
});

interface Offence {
  file: string;
  specifier: string;
  rule: string;
}

const rules = {
  electron: "electron only in main/index.ts, main/electron/ and preload/",
  sandboxEntry: "main reaches the sandbox only through sandbox/index",
  rendererNode: "the renderer never imports Node code (node: modules, main/, sandbox/, node-shared/, preload/)",
  sandboxMain: "the sandbox never imports main/",
  mainRenderer: "main never imports the renderer",
  nodeSharedOwn: "node-shared/ imports only common/ and itself (never main/, sandbox/, renderer/)",
  commonPure: "common/ imports only zod, formatjs's pure packages (messages, locales) and itself",
  preloadBridge: "the preload imports only electron and its own files",
} as const;

/** What common/ may import besides itself: validation, and ICU messages and locale matching (no Node, no DOM). */
const commonPackages = new Set([
  "zod",
  "@formatjs/intl",
  "@formatjs/intl-localematcher",
  "@formatjs/icu-messageformat-parser",
]);

const nodeBuiltins = new Set([
  "fs",
  "path",
  "os",
  "child_process",
  "crypto",
  "http",
  "https",
  "net",
  "url",
  "util",
  "stream",
  "worker_threads",
  "zlib",
  "events",
  "module",
]);

/** What a file's imports break, judged by where the file is and where each import leads. */
function importOffences(file: string, source: string): Offence[] {
  const offences: Offence[] = [];
  const runtime = file.split("/")[0] ?? "";
  const statements =
    /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
  for (const match of source.matchAll(statements)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? "";
    const target = specifier.startsWith(".")
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : null;
    const inFolder = (folder: string) => target !== null && (target === folder || target.startsWith(`${folder}/`));
    const offend = (rule: string) => offences.push({ file, specifier, rule });
    const isNode = specifier.startsWith("node:") || nodeBuiltins.has(specifier);
    if (specifier === "electron") {
      const allowed = file === "main/index.ts" || file.startsWith("main/electron/") || file.startsWith("preload/");
      if (!allowed) offend(rules.electron);
    }
    if (runtime === "main") {
      if (inFolder("sandbox") && !/^sandbox\/index(\.ts)?$/.test(target ?? "")) offend(rules.sandboxEntry);
      if (inFolder("renderer")) offend(rules.mainRenderer);
    }
    if (runtime === "renderer") {
      if (isNode || ["main", "sandbox", "node-shared", "preload"].some(inFolder)) offend(rules.rendererNode);
    }
    if (runtime === "sandbox" && inFolder("main")) offend(rules.sandboxMain);
    if (runtime === "node-shared" && ["main", "sandbox", "renderer", "preload"].some(inFolder)) {
      offend(rules.nodeSharedOwn);
    }
    if (runtime === "common" && (target === null ? !commonPackages.has(specifier) : !inFolder("common"))) {
      offend(rules.commonPure);
    }
    if (runtime === "preload" && specifier !== "electron" && target === null) offend(rules.preloadBridge);
  }
  return offences;
}

function treeOffences(): Offence[] {
  const offences: Offence[] = [];
  for (const folder of ["common", "node-shared", "main", "preload", "renderer", "sandbox"]) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      const file = path.relative(root, absolute).split(path.sep).join("/");
      offences.push(...importOffences(file, readFileSync(absolute, "utf8")));
    }
  }
  return offences;
}

/** One file per rule that breaks it, as a careless change would. */
const plantedViolations: { rule: string; file: string; source: string }[] = [
  { rule: rules.electron, file: "main/drafts/draft-store.ts", source: 'import { app } from "electron";' },
  { rule: rules.electron, file: "sandbox/index.ts", source: 'import { net } from "electron";' },
  { rule: rules.sandboxEntry, file: "main/core.ts", source: 'import { SandboxStore } from "../sandbox/state/store";' },
  { rule: rules.rendererNode, file: "renderer/App.tsx", source: 'import { readFile } from "node:fs/promises";' },
  {
    rule: rules.rendererNode,
    file: "renderer/App.tsx",
    source: 'import { inspectPdf } from "../node-shared/pdf/inspect-pdf";',
  },
  { rule: rules.rendererNode, file: "renderer/screens/x.tsx", source: 'import { startCore } from "../../main/core";' },
  {
    rule: rules.sandboxMain,
    file: "sandbox/routes/templates.ts",
    source: 'import { HandlerError } from "../../main/handler-error";',
  },
  { rule: rules.mainRenderer, file: "main/core.ts", source: 'import { App } from "../renderer/App";' },
  {
    rule: rules.nodeSharedOwn,
    file: "node-shared/pdf/sniff.ts",
    source: 'import { createSandbox } from "../../sandbox/index";',
  },
  { rule: rules.commonPure, file: "common/contract.ts", source: 'import { readFile } from "node:fs";' },
  { rule: rules.preloadBridge, file: "preload/index.ts", source: 'import { z } from "zod";' },
];
