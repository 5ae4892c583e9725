import { describe, expect, it } from "vitest";
import { type Reading, readingOrder } from "../../node-shared/pdf/detect/visual-order";

/** Glyph texts as they stand on the line from the left (one glyph each; `|` separates glyphs of several letters). */
const glyphs = (line: string) => (line.includes("|") ? line.split("|") : [...line]).map((text) => ({ text }));
const read = (line: string, reading: Reading) =>
  readingOrder(glyphs(line), reading)
    .map((piece) => piece.text)
    .join("");

describe("a line's reading order from where its glyphs stand", () => {
  it("turns right-to-left words back inside a left-to-right line, with the spaces between them", () => {
    expect(read("{{يرتشملا عيقوت;role=يرتشملا;type=signature}}", "ltr")).toBe(
      "{{توقيع المشتري;role=المشتري;type=signature}}",
    );
    expect(read("Name: םולש", "ltr")).toBe("Name: שלום");
  });

  it("keeps a ligature glyph's letters and a number's digits in their order", () => {
    // الاسم drawn from the left: م, س, the lam-alef ligature (one glyph, "لا"), ا.
    expect(read("{|{|م|س|لا|ا|;|role|=|x|}|}", "ltr")).toBe("{{الاسم;role=x}}");
    expect(read("role=ب 12 دهاشلا", "ltr")).toBe("role=الشاهد 12 ب");
  });

  it("reads a right-to-left line back to front, Latin runs and numbers forward, brackets as written", () => {
    // LibreOffice draws `التوقيع: {{signature, r1}}` in a w:bidi paragraph so, naming each glyph by what it shows.
    expect(read("{{signature, r1}} :عيقوتلا", "rtlMirrored")).toBe("التوقيع: {{signature, r1}}");
    expect(read("}}signature, r1{{ :عيقوتلا", "rtl")).toBe("التوقيع: {{signature, r1}}");
    expect(read("{{type=signature;2 دهاشلا=role;عيقوت}} :دهاشلا", "rtlMirrored")).toBe(
      "الشاهد: {{توقيع;role=الشاهد 2;type=signature}}",
    );
  });

  it("leaves a line with no right-to-left letters as it stands", () => {
    expect(read("Sign {{signature, r1}} (2 copies)", "ltr")).toBe("Sign {{signature, r1}} (2 copies)");
  });
});
