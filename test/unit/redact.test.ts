import { describe, expect, it } from "vitest";
import { forLog, redactEmails } from "../../common/redact";

describe("e-mail addresses in what is logged", () => {
  it("keeps only the domain, in any script", () => {
    expect(redactEmails("sent to ada.lovelace+offers@example.com and bo@mail.example.co.uk.")).toBe(
      "sent to …@example.com and …@mail.example.co.uk.",
    );
    expect(redactEmails("Ошибка для иван@пример.рф")).toBe("Ошибка для …@пример.рф");
    expect(redactEmails("<zoë@exämple.de>, (x@y.io)")).toBe("<…@exämple.de>, (…@y.io)");
  });

  it("leaves what is not an address alone", () => {
    expect(redactEmails("GET getAllDocuments 200 12 ms @ 10:00")).toBe("GET getAllDocuments 200 12 ms @ 10:00");
  });
});

describe("names quoted in the app's sentences", () => {
  it("are left out of a log line, and so are addresses", () => {
    expect(forLog("“Offer – Ada” is in the Outbox. It goes to ada@example.com when “Acme” is reachable.")).toBe(
      "“…” is in the Outbox. It goes to …@example.com when “…” is reachable.",
    );
  });
});
