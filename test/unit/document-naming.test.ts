import { describe, expect, it } from "vitest";
import { defaultDocumentName, defaultEmailSubject } from "../../common/document-naming";
import { DocumentNameSchema, maxRecordNameLength } from "../../common/record-names";

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)];

describe("the default name of a sent document", () => {
  it("is the template's name and the first recipient's, or the template's alone before a name is typed", () => {
    expect(defaultDocumentName("Lease agreement", "Ana Silva")).toBe("Lease agreement – Ana Silva");
    expect(defaultDocumentName("Lease agreement", "  Ana   Silva ")).toBe("Lease agreement – Ana Silva");
    expect(defaultDocumentName("Lease agreement", "")).toBe("Lease agreement");
    expect(defaultDocumentName("Lease agreement", "   ")).toBe("Lease agreement");
    expect(defaultDocumentName("Lease agreement")).toBe("Lease agreement");
  });

  it("keeps names in any script as written", () => {
    expect(defaultDocumentName("عقد إيجار", "محمد الأحمد")).toBe("عقد إيجار – محمد الأحمد");
    expect(defaultDocumentName("賃貸契約", "山田 太郎")).toBe("賃貸契約 – 山田 太郎");
    expect(defaultDocumentName("Lease 🏠", "Zoë 👩🏽‍💻")).toBe("Lease 🏠 – Zoë 👩🏽‍💻");
  });

  it("drops what a name may not hold: line breaks, tabs, direction overrides", () => {
    const name = defaultDocumentName("Lease", "Ana\nSilva\u202E\t");
    expect(name).toBe("Lease – Ana Silva");
    expect(DocumentNameSchema.safeParse(name).success).toBe(true);
  });

  it("fits the name limit, shortening the template's name before the recipient's, between whole characters", () => {
    const longTemplate = "Residential tenancy agreement ".repeat(10).trim();
    const name = defaultDocumentName(longTemplate, "Ana Silva");
    expect(name.length).toBe(maxRecordNameLength);
    expect(name.endsWith("… – Ana Silva")).toBe(true);
    expect(name.startsWith("Residential tenancy agreement Residential")).toBe(true);

    // A very long recipient's name still leaves the template half the room; both are cut with "…".
    const both = defaultDocumentName(longTemplate, "Ana ".repeat(100));
    expect(both.length).toBeLessThanOrEqual(maxRecordNameLength);
    const [templatePart, recipientPart] = both.split(" – ");
    expect(templatePart?.length).toBe(Math.floor((maxRecordNameLength - 3) / 2));
    expect(templatePart?.endsWith("…")).toBe(true);
    expect(recipientPart?.endsWith("…")).toBe(true);

    // Emoji made of several code points are kept whole or left out whole: never half a surrogate pair.
    const emoji = defaultDocumentName("📄".repeat(150), "👩🏽‍💻".repeat(40));
    expect(emoji.length).toBeLessThanOrEqual(maxRecordNameLength);
    expect(DocumentNameSchema.safeParse(emoji).success).toBe(true);
    const [emojiTemplate = "", emojiRecipient = ""] = emoji.split(" – ");
    expect(graphemes(emojiTemplate.slice(0, -1)).every(({ segment }) => segment === "📄")).toBe(true);
    expect(graphemes(emojiRecipient.slice(0, -1)).every(({ segment }) => segment === "👩🏽‍💻")).toBe(true);
  });

  it("always passes the name rule main checks the IPC argument with", () => {
    const samples = ["Lease", "x".repeat(maxRecordNameLength), "عقد", "契約書".repeat(80), "a\u0301".repeat(150)];
    for (const template of samples)
      for (const recipient of ["", "Ana", "y".repeat(200), "محمد", "🙂".repeat(100), "e\u0301".repeat(120)]) {
        const name = defaultDocumentName(template, recipient);
        expect(DocumentNameSchema.safeParse(name).success, `${template} / ${recipient}`).toBe(true);
      }
  });
});

describe("the default e-mail subject", () => {
  it("asks to sign the document by its name", () => {
    expect(defaultEmailSubject("Lease agreement – Ana Silva")).toBe("Please sign: Lease agreement – Ana Silva");
  });
});
