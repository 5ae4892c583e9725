import { describe, expect, it } from "vitest";
import { findTags } from "../../node-shared/pdf/detect/tag-syntax";

describe("Documenso's tags", () => {
  it("read the type and the recipient as written, and where the tag is on the line", () => {
    const line = "Sign: {{signature, r1, required=true}} please";
    const [tag] = findTags(line);
    expect(tag).toMatchObject({
      syntax: "documenso",
      what: { kind: "field", type: "Signature" },
      role: { kind: "number", number: 1, token: "r1" },
      text: "{{signature, r1, required=true}}",
    });
    expect(line.slice(tag?.start, tag?.end)).toBe("{{signature, r1, required=true}}");
  });

  it("take types in any case, and Documenso's short forms", () => {
    const types = findTags("{{SIGNATURE,R2}} {{Initials, r1}} {{n, r3}} {{e,r1}} {{d, r1}} {{t, r1}} {{cb, r1}}").map(
      (tag) => (tag.what.kind === "field" ? tag.what.type : tag.what.kind),
    );
    expect(types).toEqual(["Signature", "Initials", "Name", "Email", "Date", "Text", "Checkbox"]);
    expect(findTags("{{SIGNATURE,R2}}")[0]?.role).toEqual({ kind: "number", number: 2, token: "R2" });
  });

  it("say which types the service lacks, as written, and which words are no type at all", () => {
    expect(findTags("{{number, r1}} {{Radio, r2}} {{dd, r1}} {{dropdown, r1}}").map((tag) => tag.what)).toEqual([
      { kind: "unsupportedType", tagType: "number" },
      { kind: "unsupportedType", tagType: "radio" },
      { kind: "unsupportedType", tagType: "dropdown" },
      { kind: "unsupportedType", tagType: "dropdown" },
    ]);
    expect(findTags("{{stamp, r1}}")[0]?.what).toEqual({ kind: "unknownType", tagType: "stamp" });
  });

  it("need a recipient rN in second place, as Documenso does", () => {
    expect(findTags("{{signature}} {{signature, bob}} {{signature, r}} {{signature, 1}}")).toEqual([]);
  });
});

describe("DocuSeal's tags", () => {
  it("read the name, the type and the role", () => {
    const [tag] = findTags("{{Field Name;role=Signer1;type=date}}");
    expect(tag).toMatchObject({
      syntax: "docuseal",
      what: { kind: "field", type: "Date" },
      role: { kind: "named", name: "Signer1" },
      start: 0,
    });
  });

  it("are text fields of the first party when they say no type and no role", () => {
    const [tag] = findTags("{{Address;required=false}}");
    expect(tag?.what).toEqual({ kind: "field", type: "Text" });
    expect(tag?.role).toEqual({ kind: "none" });
  });

  it("map DocuSeal's types to the service's, datenow to Date, in any case", () => {
    const types = findTags(
      "{{A;type=text}} {{B;type=Signature}} {{C;type=initials}} {{D;type=datenow}} {{E;type=checkbox}}",
    ).map((tag) => (tag.what.kind === "field" ? tag.what.type : null));
    expect(types).toEqual(["Text", "Signature", "Initials", "Date", "Checkbox"]);
  });

  it("name the types the service lacks as written, and unknown words as unknown", () => {
    const kinds = findTags(
      "{{A;type=phone}} {{B;type=image}} {{C;type=select}} {{D;type=cells}} {{E;type=Stamp}} {{F;type=colour}}",
    ).map((tag) => tag.what);
    expect(kinds).toEqual([
      { kind: "unsupportedType", tagType: "phone" },
      { kind: "unsupportedType", tagType: "image" },
      { kind: "unsupportedType", tagType: "select" },
      { kind: "unsupportedType", tagType: "cells" },
      { kind: "unsupportedType", tagType: "Stamp" },
      { kind: "unknownType", tagType: "colour" },
    ]);
  });

  it("read keys in any case and with hyphens, and spaces around parts", () => {
    const [tag] = findTags("{{ Buyer name ; ROLE = Buyer ; Font-Size=12 ; type = text }}");
    expect(tag?.role).toEqual({ kind: "named", name: "Buyer" });
    expect(tag?.what).toEqual({ kind: "field", type: "Text" });
  });
});

describe("text in braces that is no tag", () => {
  it("is left alone: templates' placeholders, Handlebars, Jinja, a lone name", () => {
    const prose = [
      "Hello {{ user.name }}, welcome",
      "{{#each items}}{{this}}{{/each}}",
      "{{> header}} {{! comment }} {{{raw}}}",
      "{{ value | default('x') }} {{ loop.index }}",
      "{{Name}}",
      "{{ name, age }}",
      "{{}} {{ }} {{;}} {{;;type}}",
      "a {{ half",
      "type=signature}}",
    ];
    for (const line of prose) expect(findTags(line), line).toEqual([]);
  });

  it("does not swallow a tag that follows it on the line", () => {
    const tags = findTags("{{ user.name }} then {{signature, r1}} and {{Sign;type=signature}}");
    expect(tags.map((tag) => tag.text)).toEqual(["{{signature, r1}}", "{{Sign;type=signature}}"]);
  });

  it("never reaches across braces: the inner text of a tag holds no brace", () => {
    expect(findTags("{{a {{signature, r1}} b}}").map((tag) => tag.text)).toEqual(["{{signature, r1}}"]);
  });
});
