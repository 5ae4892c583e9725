import { existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { damagedName } from "../../node-shared/files/set-aside";
import { migrate } from "./migrations";

export const recordsFileName = "records.sqlite";

/** The database file and the write-ahead log and shared-memory files SQLite keeps beside it. */
const withCompanions = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/**
 * Opens (creating when absent) the records database: WAL, so that a crash never leaves a half-written change and
 * readers never wait for the writer; foreign keys on; `synchronous = NORMAL`, which in WAL mode keeps every
 * committed change through a crash of the app (only a power loss may undo the last commits, never corrupt). Then
 * brings the schema up to date. Throws what SQLite says when the file is not a database or is damaged.
 */
export function openDatabase(file: string, now: () => number = Date.now): DatabaseSync {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5_000 });
  try {
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    // Reading the schema touches the first pages: a file that is not a database fails here.
    migrate(db, now);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Moves a database that cannot be used, with its WAL, aside under one dated name; answers that name. */
export function setDatabaseAside(file: string, at = new Date()): string {
  const aside = damagedName(file, at);
  for (const part of withCompanions(file)) {
    if (existsSync(part)) renameSync(part, `${aside}${part.slice(file.length)}`);
  }
  return aside;
}
