import { execFile } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolveAppAsset } from "../../main/app-assets";
import { documentOptions } from "../../renderer/pdf/document-options";
import { facePath, faceSources } from "../../sandbox/final-pdf/text/font-faces";
import { pageAssets } from "../../sandbox/pages/html";
import { runtimePackages } from "../../scripts/build";
import { fuseSentinel, type PackagedApp, packagedApp } from "../support/packaged-app";
import { makePdf } from "../support/pdf-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const repoPdfjs = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

let outDir: string;
let app: PackagedApp;
let packed: Set<string>;
/** The extracted app as the main bundle resolves packages from its own folder. */
let appRequire: NodeJS.Require;

const inApp = (...parts: string[]) => path.join(app.appDir, ...parts);
const isInside = (dir: string, file: string) => !path.relative(dir, file).startsWith("..");

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "signdesk-packaged-"));
  app = await packagedApp();
  packed = new Set(app.listing.map((entry) => entry.path));
  appRequire = createRequire(inApp("dist/main/index.mjs"));
}, 120_000);

afterAll(async () => {
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

/**
 * Production dependencies (or these) and everything they pull in (optional ones when installed), by package name.
 */
function productionClosure(roots?: readonly string[]): Set<string> {
  const manifest = (dir: string) =>
    JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
  const names = new Set<string>();
  const pending = [...(roots ?? Object.keys(manifest(root).dependencies ?? {}))];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const dir = path.join(root, "node_modules", name);
    if (names.has(name) || !existsSync(dir)) continue;
    names.add(name);
    const { dependencies = {}, optionalDependencies = {} } = manifest(dir);
    pending.push(...Object.keys(dependencies), ...Object.keys(optionalDependencies));
  }
  return names;
}

function packageNameOf(entry: string): string | undefined {
  const [top, scope, name] = entry.split("/");
  if (top !== "node_modules" || scope === undefined) return undefined;
  return scope.startsWith("@") ? `${scope}/${name}` : scope;
}

describe("the packaged file set (electron-builder on an Electron stand-in distribution)", () => {
  it("has the main and preload bundles, and the package.json whose main is the main bundle", () => {
    expect(packed).toContain("package.json");
    expect(packed).toContain("dist/main/index.mjs");
    expect(packed).toContain("dist/preload/index.cjs");
    const manifest = JSON.parse(readFileSync(inApp("package.json"), "utf8")) as { main: string };
    expect(manifest.main).toBe("dist/main/index.mjs");
    expect(existsSync(inApp(manifest.main))).toBe(true);
  });

  it("has the renderer's index.html, every file it references and every asset its scripts load, pdf.js's worker included", async () => {
    const rendererDir = inApp("dist/renderer");
    const html = await readFile(path.join(rendererDir, "index.html"), "utf8");
    const fromHtml = [...html.matchAll(/\s(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1] ?? "");
    expect(fromHtml.length).toBeGreaterThanOrEqual(2);
    const scripts = (await readdir(path.join(rendererDir, "assets"))).filter((name) => /\.m?js$/.test(name));
    const fromScripts: string[] = [];
    for (const script of scripts) {
      const code = await readFile(path.join(rendererDir, "assets", script), "utf8");
      for (const match of code.matchAll(/["'`](\/assets\/[\w.-]+\.\w+)["'`]/g)) fromScripts.push(match[1] ?? "");
      for (const match of code.matchAll(/import\(["'`]\.\/([\w.-]+\.m?js)["'`]\)/g))
        fromScripts.push(`/assets/${match[1]}`);
    }
    expect(fromScripts.some((url) => /^\/assets\/pdf\.worker(\.min)?-[\w-]+\.mjs$/.test(url))).toBe(true);
    for (const url of [...fromHtml, ...fromScripts]) {
      const asset = resolveAppAsset(rendererDir, `app://signdesk${url}`);
      expect(asset, url).not.toBeNull();
      expect(existsSync(asset?.filePath ?? ""), url).toBe(true);
    }
  });

  it("has pdf.js's CMaps, standard fonts, wasm decoders and colour profile where the renderer fetches them", async () => {
    const folders: string[] = [];
    documentOptions((folder) => {
      folders.push(folder);
      return `app://signdesk/pdfjs/${folder}/`;
    });
    expect(folders).toEqual(expect.arrayContaining(["cmaps", "standard_fonts", "wasm"]));
    for (const folder of folders) {
      const wanted = (await readdir(path.join(repoPdfjs, folder))).filter((name) => !/quickjs/i.test(name));
      expect(wanted.length, folder).toBeGreaterThan(0);
      for (const name of wanted) {
        const asset = resolveAppAsset(inApp("dist/renderer"), `app://signdesk/pdfjs/${folder}/${name}`);
        expect(existsSync(asset?.filePath ?? ""), `${folder}/${name}`).toBe(true);
      }
    }
  });

  it("has the sandbox's page assets beside the main bundle and the pdf.js and signature_pad files it serves", () => {
    const appPdfjs = path.dirname(appRequire.resolve("pdfjs-dist/package.json"));
    expect(isInside(app.appDir, appPdfjs)).toBe(true);
    // signature_pad exports no package.json: its folder is that of its main file, dist/.
    const repoSignaturePad = path.dirname(createRequire(import.meta.url).resolve("signature_pad"));
    const appSignaturePad = path.dirname(appRequire.resolve("signature_pad"));
    expect(isInside(app.appDir, appSignaturePad)).toBe(true);
    const pagesDir = path.join(root, "sandbox/pages/assets");
    for (const [name, { file }] of Object.entries(pageAssets)) {
      const repoModules = path.join(root, "node_modules");
      const packedFile = file.startsWith(repoPdfjs)
        ? path.join(appPdfjs, path.relative(repoPdfjs, file))
        : file.startsWith(repoSignaturePad)
          ? path.join(appSignaturePad, path.relative(repoSignaturePad, file))
          : file.startsWith(repoModules)
            ? path.join(app.appDir, "node_modules", path.relative(repoModules, file))
            : inApp("dist/main/assets", path.relative(pagesDir, file));
      expect(existsSync(packedFile), name).toBe(true);
    }
    // final-pdf/font.ts stamps with this font; pdf/inspect-pdf.ts loads pdf.js and its worker by these names.
    expect(existsSync(path.join(appPdfjs, "standard_fonts", "LiberationSans-Regular.ttf"))).toBe(true);
    for (const specifier of ["pdfjs-dist/legacy/build/pdf.min.mjs", "pdfjs-dist/legacy/build/pdf.worker.min.mjs"]) {
      expect(isInside(app.appDir, appRequire.resolve(specifier)), specifier).toBe(true);
    }
    // final-pdf/text/: every face, found through its package as font-faces.ts finds it, and HarfBuzz's two modules.
    for (const source of faceSources) {
      const repoFile = facePath(source);
      const repoPackage = repoFile.slice(0, repoFile.length - source.file.length);
      const appPackage = path.join(
        app.appDir,
        "node_modules",
        path.relative(path.join(root, "node_modules"), repoPackage),
      );
      expect(isInside(app.appDir, appRequire.resolve(source.packageName)), source.name).toBe(true);
      expect(existsSync(path.join(appPackage, source.file)), source.name).toBe(true);
    }
    for (const wasm of ["harfbuzzjs/dist/harfbuzz.wasm", "harfbuzzjs/dist/harfbuzz-subset.wasm"])
      expect(existsSync(path.join(app.appDir, "node_modules", wasm)), wasm).toBe(true);
  });

  it("keeps every native module out of the archive, the keychain's among them, in app.asar.unpacked", () => {
    const natives = app.listing.filter((entry) => entry.path.endsWith(".node"));
    expect(natives.filter((entry) => /^node_modules\/@napi-rs\/keyring-[^/]+\//.test(entry.path))).not.toEqual([]);
    for (const entry of natives) {
      expect(entry.unpacked, entry.path).toBe(true);
      expect(existsSync(path.join(app.unpackedDir, entry.path)), entry.path).toBe(true);
    }
  });

  it("loads the keychain module and runs pdf.js with its worker from the extracted set alone", async () => {
    // A copy outside the repository, so that no module can be found in the repository's node_modules instead
    // (pdf.js looks for its optional @napi-rs/canvas, which the set leaves out).
    const alone = path.join(outDir, "app");
    await cp(app.appDir, alone, { recursive: true });
    const pdfFile = path.join(outDir, "one-page.pdf");
    await writeFile(pdfFile, await makePdf());
    const probe = `
      import { createRequire } from "node:module";
      import { readFile } from "node:fs/promises";
      import { pathToFileURL } from "node:url";
      const [main, pdfFile] = process.argv.slice(1);
      const require = createRequire(main);
      const { Entry } = require("@napi-rs/keyring");
      const pdfjs = await import(pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.min.mjs")).href);
      pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.worker.min.mjs")).href;
      const task = pdfjs.getDocument({ data: new Uint8Array(await readFile(pdfFile)) });
      const pdf = await task.promise;
      const { view } = await pdf.getPage(1);
      const natives = Object.keys(require.cache).filter((file) => file.endsWith(".node"));
      console.log(JSON.stringify({ entry: typeof Entry, pages: pdf.numPages, view, natives }));
      await task.destroy();
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "-e", probe, path.join(alone, "dist/main/index.mjs"), pdfFile],
      { cwd: outDir, env: { PATH: process.env.PATH ?? "" } },
    );
    const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as {
      entry: string;
      pages: number;
      view: number[];
      natives: string[];
    };
    expect(result.entry).toBe("function");
    expect(result.pages).toBe(1);
    expect(result.view).toHaveLength(4);
    expect(result.natives.some((file) => /[\\/]@napi-rs[\\/]keyring-[^\\/]+[\\/]/.test(file))).toBe(true);
    for (const file of result.natives) expect(isInside(alone, file), file).toBe(true);
  });

  it("has no source map, no sources, tests or scripts, and only production dependencies", () => {
    expect([...packed].filter((entry) => entry.endsWith(".map"))).toEqual([]);
    expect(new Set([...packed].map((entry) => entry.split("/")[0]))).toEqual(
      new Set(["dist", "node_modules", "package.json"]),
    );
    const production = productionClosure();
    const packages = new Set([...packed].map(packageNameOf).filter((name) => name !== undefined));
    expect([...packages].filter((name) => !production.has(name))).toEqual([]);
    for (const name of runtimePackages) expect(packages).toContain(name);
    // What main's bundle holds (every other production dependency, scripts/build.ts) has no copy in node_modules:
    // electron-builder.yml leaves those out.
    const loadedAtRunTime = productionClosure(runtimePackages);
    expect([...packages].filter((name) => !loadedAtRunTime.has(name))).toEqual([]);
    for (const name of ["electron", "electron-builder", "vitest", "vite", "typescript", "@electron/asar"]) {
      expect(packages).not.toContain(name);
    }
  });

  it("stays within its size budget, without pdf.js's unused builds and without @napi-rs/canvas", () => {
    // What a user downloads and what Electron maps at start: 20 MB (issue 29); about 16 MB here.
    expect(statSync(app.asarPath).size).toBeLessThanOrEqual(20_000_000);
    // pdf.js's Node canvas (some 30 MB a platform) renders pages in Node, which main never does.
    const canvas = app.listing.filter((entry) => entry.path.startsWith("node_modules/@napi-rs/canvas"));
    expect(canvas.map((entry) => entry.path)).toEqual([]);
    const pdfjs = app.listing.filter((entry) => entry.path.startsWith("node_modules/pdfjs-dist/")).map((e) => e.path);
    expect(pdfjs.sort()).toEqual(
      [
        "LICENSE",
        "build/pdf.min.mjs",
        "build/pdf.worker.min.mjs",
        "legacy/build/pdf.min.mjs",
        "legacy/build/pdf.worker.min.mjs",
        "package.json",
        "standard_fonts/LICENSE_LIBERATION",
        "standard_fonts/LiberationSans-Regular.ttf",
      ].map((file) => `node_modules/pdfjs-dist/${file}`),
    );
  });

  it("flips the fuses electron-builder.yml sets, on a stand-in of Electron 45's nine-fuse wire", () => {
    const binary = readFileSync(app.executablePath);
    const at = binary.indexOf(fuseSentinel) + fuseSentinel.length;
    expect(binary[at]).toBe(1);
    expect(binary[at + 1]).toBe(9);
    const wire = binary.subarray(at + 2, at + 2 + (binary[at + 1] ?? 0)).toString("latin1");
    // RunAsNode off, cookie encryption on, NODE_OPTIONS off, --inspect off, asar integrity validation on,
    // only app.asar on, the browser-specific V8 snapshot left at its default (off), file:// privileges off,
    // WebAssembly trap handlers left at their default (on).
    expect(wire).toBe("010011001");
  });

  it("names electron-builder.yml's update feed in resources/app-update.yml, where electron-updater reads it", async () => {
    const config = parse(await readFile(path.join(root, "electron-builder.yml"), "utf8")) as {
      publish: { provider: string; url: string }[];
    };
    const [feed] = config.publish;
    expect(feed).toMatchObject({ provider: "generic", url: expect.stringMatching(/^https:\/\//) });
    const written = parse(await readFile(path.join(path.dirname(app.asarPath), "app-update.yml"), "utf8"));
    expect(written).toEqual({ provider: "generic", url: feed?.url, updaterCacheDirName: "signdesk-updater" });
  });
});
