import { limits } from "../../../common/field-boxes";
import type { FieldsFound, FoundField, FoundNote } from "../../../common/found-fields";
import type { FieldDraft, PageFindings } from "./page-findings";
import type { TagRole } from "./tag-syntax";

const maxRoles = 100;
const maxRoleName = 100;

/**
 * The roles the fields name: Documenso's `rN` by N (the token as first written), then DocuSeal's roles in order of
 * first appearance. A field without a role (a widget, a DocuSeal tag without `role=`) is role 0: the first of these,
 * or the draft's first recipient when there are none.
 */
function rolesOf(drafts: readonly FieldDraft[]): { roles: string[]; indexOf: (role: TagRole) => number } {
  const numbered = new Map<number, string>();
  const named: string[] = [];
  for (const { role } of drafts) {
    if (role.kind === "number" && !numbered.has(role.number)) numbered.set(role.number, role.token);
    if (role.kind === "named" && !named.includes(role.name)) named.push(role.name);
  }
  const numbers = [...numbered.keys()].sort((a, b) => a - b);
  const roles = [...numbers.map((number) => numbered.get(number) ?? `r${number}`), ...named]
    .slice(0, maxRoles)
    .map((name) => name.slice(0, maxRoleName));
  const indexOf = (role: TagRole): number => {
    const index =
      role.kind === "number"
        ? numbers.indexOf(role.number)
        : role.kind === "named"
          ? numbers.length + named.indexOf(role.name)
          : 0;
    return index >= 0 && index < roles.length ? index : 0;
  };
  return { roles, indexOf };
}

/** Every page's findings as the detector's answer: keys, role numbers, at most `maxFieldsPerTemplate` fields. */
export function assembleFields(pages: readonly PageFindings[], pageCount: number): FieldsFound {
  const keyed: { draft: FieldDraft; key: string; page: number }[] = [];
  const notes: FoundNote[] = [];
  for (const { page, widgets, tags, notes: pageNotes } of pages) {
    for (const [index, draft] of widgets.entries()) keyed.push({ draft, key: `p${page}-widget-${index}`, page });
    for (const [index, draft] of tags.entries()) keyed.push({ draft, key: `p${page}-tag-${index}`, page });
    notes.push(...pageNotes);
  }
  const kept = keyed.slice(0, limits.maxFieldsPerTemplate);
  const { roles, indexOf } = rolesOf(kept.map(({ draft }) => draft));
  const fields: FoundField[] = kept.map(({ draft, key, page }) => ({
    key,
    type: draft.type,
    page,
    x: draft.x,
    y: draft.y,
    role: indexOf(draft.role),
    source: draft.source,
    label: draft.label,
    found: draft.found,
    ...(draft.cover === undefined ? {} : { cover: draft.cover }),
    ...(draft.moreCovers === undefined ? {} : { moreCovers: draft.moreCovers }),
  }));
  const firstLeftOut = keyed[limits.maxFieldsPerTemplate];
  if (firstLeftOut !== undefined) {
    notes.push({ kind: "tooManyFields", page: firstLeftOut.page, label: firstLeftOut.draft.label });
  }
  return { roles, fields, notes, pageCount };
}
