import { describe, expect, it } from "vitest";
import type { TemplateRecord } from "../../common/records";
import { supersedeByNewVersion, templateVersions, withoutVersion } from "../../common/template-versions";

const record = (templateId: string, draftId: string | null, minute: number, extra: Partial<TemplateRecord> = {}) =>
  ({
    accountId: "a",
    templateId,
    name: templateId,
    s3Url: "",
    draftId,
    groups: [{ label: "Signer" }],
    createdAt: new Date(Date.UTC(2031, 0, 1, 0, minute)).toISOString(),
    ...extra,
  }) satisfies TemplateRecord;

describe("template versions", () => {
  it("a new template from a draft supersedes that draft's newest only, in its account only", () => {
    let records: TemplateRecord[] = [
      record("v1", "d", 1),
      record("other", "e", 2),
      record("x", "d", 3, { accountId: "b" }),
    ];
    records = supersedeByNewVersion(records, record("v2", "d", 4));
    records = supersedeByNewVersion(records, record("v3", "d", 5));
    expect(records.map((entry) => [entry.templateId, entry.supersededBy])).toEqual([
      ["v1", "v2"],
      ["other", undefined],
      ["x", undefined],
      ["v2", "v3"],
      ["v3", undefined],
    ]);
    expect(supersedeByNewVersion([], record("by-id", null, 1))).toEqual([record("by-id", null, 1)]);
  });

  it("groups versions under the newest, earlier ones newest first, in the order of the newest", () => {
    const records = [
      record("v1", "d", 1, { supersededBy: "v2" }),
      record("other", "e", 2),
      record("v2", "d", 3, { supersededBy: "v3" }),
      record("v3", "d", 4),
    ];
    expect(
      templateVersions(records).map(({ current, earlier }) => [current.templateId, earlier.map((e) => e.templateId)]),
    ).toEqual([
      ["other", []],
      ["v3", ["v2", "v1"]],
    ]);
  });

  it("lists a version whose successor is gone, and survives a loop in damaged data", () => {
    const dangling = [record("v1", "d", 1, { supersededBy: "gone" })];
    expect(templateVersions(dangling).map(({ current }) => current.templateId)).toEqual(["v1"]);
    const loop = [record("p", "d", 1, { supersededBy: "q" }), record("q", "d", 2, { supersededBy: "p" })];
    expect(templateVersions(loop).flatMap(({ current, earlier }) => [current, ...earlier])).toHaveLength(2);
  });

  it("removing a version hands its place in the chain on", () => {
    const records = [
      record("v1", "d", 1, { supersededBy: "v2" }),
      record("v2", "d", 2, { supersededBy: "v3" }),
      record("v3", "d", 3),
    ];
    const middle = withoutVersion(records, records[1] as TemplateRecord);
    expect(middle.map((entry) => [entry.templateId, entry.supersededBy])).toEqual([
      ["v1", "v3"],
      ["v3", undefined],
    ]);
    expect(withoutVersion(middle, middle[1] as TemplateRecord)).toEqual([record("v1", "d", 1)]);
  });
});
