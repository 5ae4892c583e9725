import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createPackageWithOptions } from "@electron/asar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

// The Electron stand-in's asar layer (test/support/electron-standin/asar), in a Node of its own started as the
// stand-in starts (`--import` of its register.ts), on a small archive made with @electron/asar: Electron's documented
// asar semantics (docs/tutorial/asar-archives.md) for fs, fs/promises, import, require, native modules and workers.
const register = path.resolve(import.meta.dirname, "../support/electron-standin/asar/register.ts");
const keyringDir = path.resolve(import.meta.dirname, "../../node_modules/@napi-rs");
const nativeBinding = (() => {
  const dir = readdirSync(keyringDir).find((name) => name.startsWith("keyring-"));
  const file =
    dir === undefined ? undefined : readdirSync(path.join(keyringDir, dir)).find((name) => name.endsWith(".node"));
  return dir === undefined || file === undefined ? null : path.join(keyringDir, dir, file);
})();

let workDir: string;
let archive: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "signdesk-asar-layer-"));
  const src = path.join(workDir, "src");
  write(path.join(src, "package.json"), JSON.stringify({ name: "probe", type: "module", main: "main.mjs" }));
  write(path.join(src, "notes/hello.txt"), "hello from the archive");
  write(path.join(src, "lib/answer.mjs"), "export const answer = 42;");
  write(path.join(src, "lib/uses-dual.mjs"), 'export { kind } from "dual";');
  write(path.join(src, "lib/legacy.cjs"), "module.exports = { legacy: __filename };");
  write(
    path.join(src, "node_modules/dual/package.json"),
    JSON.stringify({ name: "dual", exports: { import: "./esm.mjs", require: "./cjs.js" } }),
  );
  write(path.join(src, "node_modules/dual/esm.mjs"), 'export const kind = "esm";');
  write(path.join(src, "node_modules/dual/cjs.js"), 'exports.kind = "cjs";');
  write(path.join(src, "data/unpacked.json"), JSON.stringify({ unpacked: true }));
  mkdirSync(path.join(src, "native"));
  if (nativeBinding !== null) copyFileSync(nativeBinding, path.join(src, "native/binding.node"));
  write(
    path.join(src, "worker.mjs"),
    'import { parentPort } from "node:worker_threads";\nimport { readFileSync } from "node:fs";\nimport { answer } from "./lib/answer.mjs";\n' +
      'parentPort.postMessage({ answer, text: readFileSync(new URL("./notes/hello.txt", import.meta.url), "utf8") });',
  );
  archive = path.join(workDir, "app.asar");
  await createPackageWithOptions(src, archive, { unpack: "{*.node,unpacked.json}" });
  rmSync(src, { recursive: true });
}, 60_000);

afterAll(() => {
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
});

/** Runs `code` (an ES module) under the asar layer with the archive's path as `archive`; answers its JSON line. */
async function underLayer(code: string): Promise<unknown> {
  const script = path.join(workDir, `probe-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(script, `const archive = process.argv[2];\n${code}`);
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", register, script, archive], {
    cwd: workDir,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "null");
}

const FsError = z.object({ code: z.string(), message: z.string() });

describe("the stand-in's asar layer", () => {
  it("reads files in the archive with fs, fs/promises and their callbacks, and lists its folders", async () => {
    const result = await underLayer(`
      import fs from "node:fs";
      import { readFile, readdir } from "node:fs/promises";
      const file = archive + "/notes/hello.txt";
      const viaCallback = await new Promise((resolve, reject) => fs.readFile(file, "utf8", (error, text) => error ? reject(error) : resolve(text)));
      const dirents = fs.readdirSync(archive, { withFileTypes: true }).map((d) => [d.name, d.isDirectory()]);
      console.log(JSON.stringify({
        sync: fs.readFileSync(file, "utf8"),
        promise: (await readFile(new URL("file://" + file))).toString(),
        viaCallback,
        root: fs.readdirSync(archive).sort(),
        listed: (await readdir(archive + "/notes")),
        dirents: dirents.sort(),
        exists: [fs.existsSync(file), fs.existsSync(archive + "/nothing")],
      }));
    `);
    expect(result).toEqual({
      sync: "hello from the archive",
      promise: "hello from the archive",
      viaCallback: "hello from the archive",
      root: ["data", "lib", "native", "node_modules", "notes", "package.json", "worker.mjs"].filter(
        (name) => name !== "native" || nativeBinding !== null,
      ),
      listed: ["hello.txt"],
      dirents: expect.arrayContaining([
        ["notes", true],
        ["package.json", false],
      ]),
      exists: [true, false],
    });
  });

  it("gives stat a file's size and type, and a folder's", async () => {
    const result = await underLayer(`
      import { statSync, lstatSync } from "node:fs";
      import { stat } from "node:fs/promises";
      const file = await stat(archive + "/notes/hello.txt");
      const folder = statSync(archive + "/notes");
      console.log(JSON.stringify({ size: file.size, isFile: file.isFile(), folder: folder.isDirectory(), root: lstatSync(archive).isDirectory() }));
    `);
    expect(result).toEqual({ size: "hello from the archive".length, isFile: true, folder: true, root: true });
  });

  it("fails on a missing path with ENOENT naming it and the archive, in every flavour", async () => {
    const result = await underLayer(`
      import fs from "node:fs";
      import { readFile, stat } from "node:fs/promises";
      const missing = archive + "/notes/missing.txt";
      const caught = async (action) => { try { await action(); return null; } catch (error) { return { code: error.code, message: error.message }; } };
      console.log(JSON.stringify([
        await caught(() => fs.readFileSync(missing)),
        await caught(() => readFile(missing)),
        await caught(() => stat(missing)),
        await caught(() => fs.readdirSync(archive + "/missing")),
        await caught(() => new Promise((resolve, reject) => fs.stat(missing, (error) => error ? reject(error) : resolve()))),
        fs.statSync(missing, { throwIfNoEntry: false }) === undefined ? null : "stat answered",
      ]));
    `);
    const answers = z.array(FsError.nullable()).parse(result);
    expect(answers.at(-1)).toBeNull();
    for (const answer of answers.slice(0, -1)) {
      expect(answer?.code).toBe("ENOENT");
      expect(answer?.message).toContain(archive);
    }
  });

  it("reads unpacked files from app.asar.unpacked and loads a native module from there", async () => {
    const result = await underLayer(`
      import { readFileSync } from "node:fs";
      import { createRequire } from "node:module";
      const require = createRequire(archive + "/main.mjs");
      const data = JSON.parse(readFileSync(archive + "/data/unpacked.json", "utf8"));
      let native = null;
      try { require("./native/binding.node"); native = Object.keys(require.cache).find((file) => file.endsWith(".node")); } catch (error) { native = "missing: " + error.message; }
      console.log(JSON.stringify({ data, native }));
    `);
    expect(result).toMatchObject({ data: { unpacked: true } });
    if (nativeBinding !== null) {
      expect((result as { native: string }).native).toBe(path.join(`${archive}.unpacked`, "native/binding.node"));
    }
  });

  it("imports and requires modules inside the archive, a package's by its import and require conditions", async () => {
    const result = await underLayer(`
      import { createRequire } from "node:module";
      const { answer } = await import(archive + "/lib/answer.mjs");
      const require = createRequire(archive + "/main.mjs");
      const esm = await import(archive + "/lib/uses-dual.mjs");
      console.log(JSON.stringify({
        answer,
        legacy: require("./lib/legacy.cjs").legacy,
        dualRequired: require("dual").kind,
        dualResolved: require.resolve("dual"),
        dualImported: esm.kind,
      }));
    `);
    expect(result).toEqual({
      answer: 42,
      legacy: path.join(archive, "lib/legacy.cjs"),
      dualRequired: "cjs",
      dualResolved: path.join(archive, "node_modules/dual/cjs.js"),
      dualImported: "esm",
    });
  });

  it("starts a worker thread from a file in the archive, which imports and reads from it too", async () => {
    const result = await underLayer(`
      import { Worker } from "node:worker_threads";
      const worker = new Worker(new URL("file://" + archive + "/worker.mjs"));
      const message = await new Promise((resolve, reject) => { worker.once("message", resolve); worker.once("error", reject); });
      await worker.terminate();
      console.log(JSON.stringify(message));
    `);
    expect(result).toEqual({ answer: 42, text: "hello from the archive" });
  });

  it("gives a worker the layer compiled to JavaScript, as light as Electron's: no TypeScript, no V8 switches", async () => {
    const script = path.join(workDir, "probe-switches.mjs");
    writeFileSync(
      script,
      `import { Worker } from "node:worker_threads";
      const worker = new Worker('require("node:worker_threads").parentPort.postMessage(process.execArgv)', { eval: true });
      const execArgv = await new Promise((resolve, reject) => { worker.once("message", resolve); worker.once("error", reject); });
      await worker.terminate();
      console.log(JSON.stringify(execArgv));`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ["--expose-gc", "--import", register, script], {
      cwd: workDir,
    });
    const execArgv = z.array(z.string()).parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? "null"));
    expect(execArgv.filter((arg) => /worker-layer-[0-9a-f]{16}\.mjs$/.test(arg))).toHaveLength(1);
    expect(execArgv.filter((arg) => arg.endsWith(".ts") || arg === "--expose-gc")).toEqual([]);
  });
});
