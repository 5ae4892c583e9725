import { describe, expect, it } from "vitest";
import { groupsWithoutFields, groupWithoutFieldsMessage } from "../../common/draft-checks";
import { inEnglish } from "../../common/i18n/english";

describe("every recipient group needs a field (common/draft-checks.ts)", () => {
  const groups = [
    { id: "a", label: "Buyer", color: "#0072b2" },
    { id: "b", label: "Witness", color: "#e69f00" },
    { id: "c", label: "Seller", color: "#009e73" },
  ];
  const field = (id: string, groupId: string) => ({ id, type: "Signature" as const, groupId, page: 1, x: 0, y: 0 });

  it("names the groups without a field, in their order, with the one message main and the editor give", () => {
    const fieldless = groupsWithoutFields({ groups, fields: [field("1", "b")] });
    expect(fieldless.map((group) => group.label)).toEqual(["Buyer", "Seller"]);
    expect(fieldless.map((group) => inEnglish(groupWithoutFieldsMessage(group)))).toEqual([
      '"Buyer" has no fields: place at least one field for every recipient group.',
      '"Seller" has no fields: place at least one field for every recipient group.',
    ]);
    expect(groupsWithoutFields({ groups, fields: ["a", "b", "c", "a"].map((id, n) => field(`${n}`, id)) })).toEqual([]);
  });
});
