import { isFinished, statusNotReported } from "../../common/statuses";
import { unknownMembers } from "../../common/wire";
import type { Core } from "../core-types";
import { templateIdNamedBy } from "../templates/template-ids-seen";
import { newDocumentRecord } from "./send-document";

/**
 * After the records database was rebuilt, reads every account's documents again from its service (getAllDocuments),
 * adding those that were lost. An account whose service cannot be reached now is left as it is (Import from
 * service on the Documents screen does the same later). Answers how many were added.
 */
export async function reimportDocuments(core: Core, log: (message: string) => void): Promise<number> {
  let added = 0;
  for (const account of core.accounts.list()) {
    try {
      const { documents } = await core.clientFor(account).getAllDocuments();
      const at = new Date(core.now()).toISOString();
      const records = documents.map((document) => {
        const status = document.status ?? statusNotReported;
        const record = newDocumentRecord(
          account,
          document.id,
          document.name ?? "Untitled document",
          templateIdNamedBy(document),
          document.recipients.map(({ name, email }) => ({ name, email })),
          at,
          { status, imported: true },
        );
        const extras = unknownMembers(document);
        return {
          ...record,
          finished: isFinished(status, document.publicUrl),
          ...(Object.keys(extras).length === 0 ? {} : { unknownMembers: extras }),
        };
      });
      added += core.records.documents.addMany(records);
    } catch (error) {
      log(
        `The documents of ${account.name} could not be read again: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  if (added > 0) core.tracker.resume();
  return added;
}
