import type { TemplateRecord } from "./records";

/**
 * A template as the list shows it: its newest version, and the versions it superseded (made earlier from the
 * same draft), newest first. `supersededBy` chains them; a link to a template no longer listed is ignored.
 */
export interface TemplateVersions {
  current: TemplateRecord;
  earlier: TemplateRecord[];
}

/** An account's templates grouped by version, in the order of their newest versions in `records`. */
export function templateVersions(records: readonly TemplateRecord[]): TemplateVersions[] {
  const byId = new Map(records.map((record) => [record.templateId, record]));
  const newestOf = (record: TemplateRecord): TemplateRecord => {
    const seen = new Set<string>();
    let at = record;
    while (at.supersededBy !== undefined && !seen.has(at.templateId)) {
      seen.add(at.templateId);
      const next = byId.get(at.supersededBy);
      if (next === undefined) break;
      at = next;
    }
    return at;
  };
  const groups = new Map<TemplateRecord, TemplateRecord[]>();
  for (const record of records) {
    const newest = newestOf(record);
    if (!groups.has(newest)) groups.set(newest, []);
    if (newest !== record) groups.get(newest)?.push(record);
  }
  const newestFirst = (a: TemplateRecord, b: TemplateRecord) =>
    (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0);
  return records
    .filter((record) => groups.has(record))
    .map((current) => ({ current, earlier: (groups.get(current) ?? []).sort(newestFirst) }));
}

/**
 * `records` after `added` was made from a draft: the account's other templates from that draft that were the
 * newest are superseded by it.
 */
export function supersedeByNewVersion(records: readonly TemplateRecord[], added: TemplateRecord): TemplateRecord[] {
  const replaced = records.map((record) =>
    record.accountId === added.accountId &&
    added.draftId !== null &&
    record.draftId === added.draftId &&
    record.supersededBy === undefined &&
    record.templateId !== added.templateId
      ? { ...record, supersededBy: added.templateId }
      : record,
  );
  return [...replaced, added];
}

/**
 * `records` without `removed`: the versions it superseded are now superseded by what superseded it, or are
 * the newest again.
 */
export function withoutVersion(records: readonly TemplateRecord[], removed: TemplateRecord): TemplateRecord[] {
  return records
    .filter((record) => !(record.accountId === removed.accountId && record.templateId === removed.templateId))
    .map((record) => {
      if (record.accountId !== removed.accountId || record.supersededBy !== removed.templateId) return record;
      const { supersededBy: _, ...rest } = record;
      return removed.supersededBy === undefined ? rest : { ...rest, supersededBy: removed.supersededBy };
    });
}
