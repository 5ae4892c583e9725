import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runCommand } from "./run-command.ts";

/**
 * `npm run messages`: the English catalog (common/i18n/catalogs/en.json) extracted by formatjs from every message
 * the app declares (defineMessages, formatMessage, <FormattedMessage>) in the window, main and common. The other
 * catalogs are translations of it; `test/checks/catalogs.test.ts` fails when any of them is behind.
 */
const root = path.resolve(import.meta.dirname, "..");
export const sourceCatalogPath = path.join(root, "common/i18n/catalogs/en.json");

/** Where messages are declared; the sandbox's pages stand in for the service's and stay English. */
const sources = ["renderer/**/*.{ts,tsx}", "main/**/*.ts", "common/**/*.ts", "node-shared/**/*.ts"];
/** Renders messages it is given, declares none. */
const ignored = ["common/i18n/render-phrase.ts", "**/*.d.ts"];

/** The English catalog as the sources declare it now, sorted by id. */
export async function extractSourceCatalog(): Promise<Record<string, string>> {
  const folder = await mkdtemp(path.join(tmpdir(), "signdesk-messages-"));
  const out = path.join(folder, "en.json");
  try {
    const cli = path.join(root, "node_modules/@formatjs/cli/bin/formatjs");
    const result = await runCommand(
      process.execPath,
      [cli, "extract", ...sources, "--ignore", ...ignored, "--format", "simple", "--throws", "--out-file", out],
      { cwd: root },
    );
    if (result.code !== 0) throw new Error(`formatjs extract failed:\n${result.output}`);
    const catalog = JSON.parse(await readFile(out, "utf8")) as Record<string, string>;
    return Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function catalogText(catalog: Record<string, string>): string {
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const catalog = await extractSourceCatalog();
  await writeFile(sourceCatalogPath, catalogText(catalog));
  console.log(`${Object.keys(catalog).length} messages in ${path.relative(root, sourceCatalogPath)}`);
}
