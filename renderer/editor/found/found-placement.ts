import { type DraftField, type DraftGroup, maxGroupLabelLength } from "../../../common/draft";
import { fieldBoxSizes } from "../../../common/fields";
import type { FieldsFound, FoundField } from "../../../common/found-fields";
import type { IdGenerator } from "../state/ids";
import type { ActionOf, EditorDoc } from "../state/types";

/** Documenso's recipient tokens: r1, r2… (recipient N). */
const numberedRole = /^r(\d{1,3})$/i;

/** The recipient number a Documenso role names (r2 → 2), or null for a named role (Buyer, Signer1). */
export function roleNumber(role: string): number | null {
  const match = numberedRole.exec(role.trim());
  return match === null ? null : Number(match[1]);
}

export interface RoleGroup {
  groupId: string;
  /** Set when the role needs a group of its own. */
  newLabel?: string;
  /** Set when an unused group of the draft takes the role's name. */
  rename?: string;
}

/**
 * Which of the draft's groups each role's fields go to, in role order: the group of the same label, else the group
 * in the role's place (the service numbers recipients by order) when no other role took it by name — renamed after
 * the role when it has no fields yet — else a new group. With no roles at all, everything goes to the first group,
 * as DocuSeal does with a tag that names none.
 */
export function assignRoles(
  roles: readonly string[],
  labels: readonly string[],
  doc: Pick<EditorDoc, "groups" | "fields">,
  newGroupId: () => string,
): RoleGroup[] {
  const { groups } = doc;
  const first = groups[0];
  if (roles.length === 0) return first === undefined ? [] : [{ groupId: first.id }];
  const key = (label: string) => label.trim().toLocaleLowerCase();
  const byLabel = new Map<string, DraftGroup>();
  for (const group of groups) if (!byLabel.has(key(group.label))) byLabel.set(key(group.label), group);
  const claimed = new Set<string>();
  const matched = labels.map((label) => {
    const group = byLabel.get(key(label));
    if (group === undefined || claimed.has(group.id)) return undefined;
    claimed.add(group.id);
    return group;
  });
  const hasFields = (group: DraftGroup) => doc.fields.some((field) => field.groupId === group.id);
  return labels.map((label, index): RoleGroup => {
    const named = matched[index];
    if (named !== undefined) return { groupId: named.id };
    const inPlace = groups[index];
    if (inPlace !== undefined && !claimed.has(inPlace.id)) {
      claimed.add(inPlace.id);
      const renamed = !hasFields(inPlace) && key(inPlace.label) !== key(label);
      return renamed ? { groupId: inPlace.id, rename: label } : { groupId: inPlace.id };
    }
    return { groupId: newGroupId(), newLabel: label };
  });
}

/** A role's label as a group label: within the label limit. */
export function groupLabelOf(label: string): string {
  const trimmed = label.trim();
  return trimmed.length <= maxGroupLabelLength ? trimmed : trimmed.slice(0, maxGroupLabelLength).trim();
}

/** The roles' names as group labels (`roleLabel` names a role: r2 → "Recipient 2" in the window's language). */
export function roleLabels(found: FieldsFound, roleLabel: (role: string) => string): string[] {
  return found.roles.map((role) => groupLabelOf(roleLabel(role)));
}

/** The group a field of `role` goes to; with no roles at all, the one group everything goes to. */
export function groupOfRole(assigned: readonly RoleGroup[], role: number): RoleGroup | undefined {
  return assigned[Math.min(role, assigned.length - 1)];
}

/**
 * The editor action that places the accepted found fields (one undo step): new ids, the groups their roles go to,
 * and each tag's cover on its page. `roleLabel` names a role as a group (r2 → "Recipient 2" in the window's language).
 */
export function placementOf(
  found: FieldsFound,
  accepted: readonly FoundField[],
  doc: Pick<EditorDoc, "groups" | "fields">,
  ids: { field: IdGenerator; group: IdGenerator },
  roleLabel: (role: string) => string,
): ActionOf<"placeFound"> {
  const assigned = assignRoles(found.roles, roleLabels(found, roleLabel), doc, () => ids.group.next());
  const groupOf = (role: number) => groupOfRole(assigned, role);
  // Only the groups a placed field goes to are made or renamed, in the roles' order.
  const placedIn = new Set(accepted.map((field) => groupOf(field.role)));
  const used = assigned.filter((group) => placedIn.has(group));
  const fields: DraftField[] = accepted.flatMap((field) => {
    const group = groupOf(field.role);
    if (group === undefined) return [];
    const cover = field.cover === undefined ? {} : { cover: { page: field.page, ...field.cover } };
    const moreCovers =
      field.moreCovers === undefined
        ? {}
        : { moreCovers: field.moreCovers.map((rect) => ({ page: field.page, ...rect })) };
    return [
      {
        id: ids.field.next(),
        type: field.type,
        groupId: group.groupId,
        page: field.page,
        x: field.x,
        y: field.y,
        ...cover,
        ...moreCovers,
      },
    ];
  });
  return {
    type: "placeFound",
    fields,
    groups: used.flatMap((group) =>
      group.newLabel === undefined ? [] : [{ id: group.groupId, label: group.newLabel }],
    ),
    renames: used.flatMap((group) => (group.rename === undefined ? [] : [{ id: group.groupId, label: group.rename }])),
  };
}

type Placed = Pick<DraftField, "page" | "x" | "y" | "type">;

function overlaps(a: Placed, b: Placed): boolean {
  if (a.page !== b.page) return false;
  const sizeA = fieldBoxSizes[a.type];
  const sizeB = fieldBoxSizes[b.type];
  return a.x < b.x + sizeB.width && b.x < a.x + sizeA.width && a.y < b.y + sizeB.height && b.y < a.y + sizeA.height;
}

/**
 * How many of the accepted fields would overlap another field on their page (accepted or already placed): tags on
 * consecutive lines give boxes taller than a line, which recipients cannot all reach on the signing page.
 */
export function overlappingCount(accepted: readonly Placed[], placed: readonly Placed[]): number {
  return accepted.filter((field, index) =>
    [...accepted.filter((_, other) => other !== index), ...placed].some((other) => overlaps(field, other)),
  ).length;
}
