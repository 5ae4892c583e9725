import { existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { productName } from "../product-name";
import { Records } from "./records";
import { openDatabase, recordsFileName, setDatabaseAside } from "./records-database";
import { salvageDatabase } from "./salvage-database";

const messages = defineMessages({
  checkFound: { id: "main.records.checkFound", defaultMessage: "a check found it damaged" },
  sqliteFound: {
    id: "main.records.sqliteFound",
    defaultMessage: "SQLite found it damaged: {found}",
    description: "{found} is SQLite's own report",
  },
  setAside: {
    id: "main.records.setAside",
    defaultMessage:
      "{app}'s records database could not be used ({problem}), so it was set aside as {aside} and a new one was made. {saved} Documents are read again from each account's service.",
    description: "{problem} says why (maybe the system's own message); {saved} says what was kept",
  },
});

export interface OpenedRecords {
  /** True when the database was too large to check at start: check it with checkInBackground. */
  uncheckedAtStart?: boolean;
  records: Records;
  /** Sentences for the person: what was wrong with the stored records and what was done. */
  notices: Phrase[];
  /** The database was damaged and set aside: what is left was copied over; the service should be asked again. */
  rebuilt: boolean;
}

/** Left by a run that found the database damaged while in use: the next start sets it aside and rebuilds. */
export const damageMarkerName = `${recordsFileName}.damaged`;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Opens the records database in `folder`. No database can stop the app from starting: one SQLite cannot open or
 * migrate (not a database, damaged, unreadable), or one a previous run found damaged, is set aside under a dated
 * name, a new one is made, and every record still readable from the old one is copied over.
 */
export function openRecords(folder: string, now: () => number = Date.now): OpenedRecords {
  const file = path.join(folder, recordsFileName);
  const marker = path.join(folder, damageMarkerName);
  let problem: Phrase | string | null = existsSync(marker) ? phrase(messages.checkFound) : null;
  if (problem === null) {
    try {
      const db = openDatabase(file, now);
      const small = statSync(file).size <= checkedAtStartBytes;
      const damage = small ? quickCheck(db) : null;
      if (damage === null)
        return { records: new Records(db, file), notices: [], rebuilt: false, uncheckedAtStart: !small };
      db.close();
      problem = damage;
    } catch (error) {
      if (!existsSync(file)) throw error;
      problem = describe(error);
    }
  }
  const aside = setDatabaseAside(file, new Date(now()));
  const records = new Records(openDatabase(file, now), file);
  const saved = salvageDatabase(aside, records);
  removeMarker(marker);
  return {
    records,
    notices: [phrase(messages.setAside, { app: productName, problem, aside, saved })],
    rebuilt: true,
  };
}

/** Databases up to this size are checked page by page at every start (a few milliseconds per megabyte). */
const checkedAtStartBytes = 16 * 1024 * 1024;

/** What SQLite's quick_check finds wrong with a database small enough to check at start; null: nothing. */
function quickCheck(db: DatabaseSync): Phrase | null {
  const rows = db.prepare("PRAGMA quick_check(5)").all() as { quick_check: string }[];
  const found = rows.map((row) => row.quick_check).filter((line) => line !== "ok");
  return found.length === 0 ? null : phrase(messages.sqliteFound, { found: found.join("; ") });
}

function removeMarker(marker: string): void {
  try {
    rmSync(marker, { force: true });
  } catch {
    // A marker that cannot be removed sets the new database aside at the next start: nothing is lost.
  }
}
