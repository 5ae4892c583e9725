import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { migrations } from "../../main/records/migrations";
import type { Migration } from "../../main/records/migrations/migration";

const folder = path.join(import.meta.dirname, "../../main/records/migrations");

it("applies every migration file, in the order of the numbers that name them, each its file's number", async () => {
  const files = readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.ts$/.test(name))
    .sort();
  expect(files.length).toBeGreaterThan(0);
  const fromFiles: Migration[] = [];
  for (const file of files) {
    const exported = Object.values(await import(path.join(folder, file))) as Migration[];
    expect(exported, file).toHaveLength(1);
    const [migration] = exported as [Migration];
    expect(migration.version, file).toBe(Number(file.slice(0, 3)));
    fromFiles.push(migration);
  }
  expect(migrations).toEqual(fromFiles);
  expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
  expect(new Set(migrations.map((migration) => migration.name)).size).toBe(migrations.length);
});
