import type { Core } from "../core-types";
import { type ImportDeps, importDocuments } from "./import-documents";

/** What this uses of the core. */
export type ReimportDeps = Pick<Core, "accounts"> & ImportDeps;

/**
 * After the records database was rebuilt, reads every account's documents again from its service, adding those that
 * were lost. An account whose service cannot be reached now is left as it is ("Import from service" on the Documents
 * screen does the same later). Answers how many were added.
 */
export async function reimportDocuments(core: ReimportDeps, log: (message: string) => void): Promise<number> {
  let added = 0;
  for (const account of core.accounts.list()) {
    try {
      added += (await importDocuments(core, account)).imported;
    } catch (error) {
      log(
        `The documents of ${account.name} could not be read again: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  return added;
}
