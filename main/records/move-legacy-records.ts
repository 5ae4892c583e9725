import { copyFileSync, existsSync } from "node:fs";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { DocumentRecordSchema, TemplateRecordSchema, WebhookRecordSchema } from "../../common/records";
import { salvageRecords } from "../../common/salvage";
import { fileNameTime } from "../../node-shared/files/set-aside";
import { productName } from "../product-name";
import type { Settings } from "../settings/settings";
import type { Records } from "./records";
import { listOf } from "./word-list";

const messages = defineMessages({
  recordsLost: {
    id: "main.records.recordsLost",
    defaultMessage:
      "{kind, select, document {{count, plural, one {# document record} other {# document records}}} template {{count, plural, one {# template record} other {# template records}}} other {{count, plural, one {# webhook record} other {# webhook records}}}}",
  },
  leftOut: {
    id: "main.records.legacyLeftOut",
    defaultMessage:
      "Part of {app}'s old settings file could not be read and was left out ({lost}) when its records moved to the records database; the file as it was is kept as {backup}.",
  },
});

/** `settings.json.before-records-<time>`: the settings file as it was before its records were moved. */
export const legacyBackupName = (settingsFile: string, at: Date) =>
  `${settingsFile}.before-records-${fileNameTime(at)}`;

/**
 * Moves the documents, templates and webhooks an older settings file held into the records database, once: the
 * file is first copied beside itself as a backup, the records are written in one transaction (a record already
 * there is kept, so a move cut short is simply done again), and only then is the file rewritten without them.
 * Answers sentences for the person: what was moved, and what could not be read.
 */
export function moveLegacyRecords(settings: Settings, settingsFile: string, records: Records, now: number): Phrase[] {
  const legacy = settings.legacyRecords();
  if (legacy === null) return [];
  const backup = legacyBackupName(settingsFile, new Date(now));
  if (existsSync(settingsFile)) copyFileSync(settingsFile, backup);
  const documents = salvageRecords(DocumentRecordSchema, legacy.documents);
  const templates = salvageRecords(TemplateRecordSchema, legacy.templates);
  const webhooks = salvageRecords(WebhookRecordSchema, legacy.webhooks);
  records.documents.transaction(() => {
    records.documents.addMany(documents.kept);
    records.templates.addAll(templates.kept);
    records.webhooks.addAll(webhooks.kept);
  });
  settings.dropLegacyRecords();
  const dropped = [
    [documents.dropped, "document"],
    [templates.dropped, "template"],
    [webhooks.dropped, "webhook"],
  ] as const;
  const lost = dropped
    .filter(([count]) => count > 0)
    .map(([count, kind]) => phrase(messages.recordsLost, { count, kind }));
  return lost.length === 0 ? [] : [phrase(messages.leftOut, { app: productName, lost: listOf(lost), backup })];
}
