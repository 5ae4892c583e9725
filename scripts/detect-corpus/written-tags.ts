import type { FieldType } from "../../common/field-boxes.ts";
import type { ExpectedNoteKind } from "./expected-document.ts";
import type { WrittenTag } from "./tags-oracle.ts";

/** Collects the tags a generator writes, so the expected answer is built from what was written. */
export class TagLog {
  readonly tags: WrittenTag[] = [];

  constructor(private readonly source: "documensoTag" | "docusealTag") {}

  field(text: string, page: number, type: FieldType, role: number): string {
    this.tags.push({ text, page, expect: { field: type, source: this.source, role } });
    return text;
  }

  note(text: string, page: number, kind: ExpectedNoteKind): string {
    this.tags.push({ text, page, expect: { note: kind } });
    return text;
  }
}
