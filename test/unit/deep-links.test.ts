import { describe, expect, it } from "vitest";
import { deepLinkIn, parseDeepLink } from "../../common/deep-links";

describe("signdesk:// links", () => {
  it("opens a document by its ID, ignoring the query and fragment", () => {
    expect(parseDeepLink("signdesk://document/pdf_123")).toEqual({ kind: "document", pdfId: "pdf_123" });
    expect(parseDeepLink("signdesk://document/pdf_123/")).toEqual({ kind: "document", pdfId: "pdf_123" });
    expect(parseDeepLink("signdesk://document/pdf_123?delete=all#x")).toEqual({ kind: "document", pdfId: "pdf_123" });
    expect(parseDeepLink("SIGNDESK://DOCUMENT/Ab-9")).toEqual({ kind: "document", pdfId: "Ab-9" });
    expect(parseDeepLink("signdesk://document/%E6%96%87%E6%9B%B8-1")).toEqual({ kind: "document", pdfId: "文書-1" });
  });

  it("opens nothing for any other link", () => {
    for (const link of [
      "signdesk://document/",
      "signdesk://document",
      "signdesk://document/a/b",
      "signdesk://document/a%2Fb",
      "signdesk://document/a%00b",
      "signdesk://document/%E0%A4%A",
      "signdesk://documents/pdf_123",
      "signdesk://settings/reset",
      "signdesk://user:pw@document/pdf_123",
      "signdesk://document:8080/pdf_123",
      "signdesk:document/pdf_123",
      "https://document/pdf_123",
      "javascript:alert(1)",
      `signdesk://document/${"a".repeat(201)}`,
      `signdesk://document/a?${"q".repeat(3000)}`,
      "",
    ])
      expect(parseDeepLink(link), link).toBeNull();
  });

  it("finds the link among a command line's arguments, wherever Chromium put it", () => {
    expect(deepLinkIn(["/opt/Signdesk/signdesk", "--no-sandbox", "signdesk://document/x1"])).toEqual({
      kind: "document",
      pdfId: "x1",
    });
    expect(deepLinkIn(["/opt/Signdesk/signdesk", "signdesk://document/x1", "--allow-file-access-from-files"])).toEqual({
      kind: "document",
      pdfId: "x1",
    });
    expect(deepLinkIn(["/opt/Signdesk/signdesk", "--flag"])).toBeNull();
    expect(deepLinkIn(["/opt/Signdesk/signdesk", "signdesk://settings/reset"])).toBeNull();
  });
});
