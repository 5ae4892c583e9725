import { expect } from "vitest";
import { makePdf } from "./pdf-fixtures";
import { callApi, type RunningSandbox, templateForm } from "./sandbox";

/** One Text field for the first recipient, on page 1. */
export const noteField = [{ id: "note", x: 72, y: 72, page: 1, type: "Text", recipient: 1 }];

/** Sends a one-recipient document from a new template; answers its signing link and the uploaded PDF. */
export async function sendForSigning(
  running: RunningSandbox,
  fields: unknown[],
  options: { autoReleaseSignatures?: boolean; pages?: number } = {},
): Promise<{ pdfId: string; link: string; pdf: Uint8Array }> {
  const pdf = await makePdf(Array.from({ length: options.pages ?? 2 }, () => ({})));
  const created = await callApi(running.url, "POST", "/createNewTemplate", {
    key: running.key,
    form: templateForm({
      file: pdf,
      templateName: "Hardening",
      fields: [fields],
      recipients: [{ name: "Ada", email: "ada@example.com" }],
      autoReleaseSignatures: options.autoReleaseSignatures,
    }),
  });
  expect(created.status).toBe(200);
  const pdfId = (created.body as { pdf_id: string }).pdf_id;
  const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
  const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
    (message) => message.pdf_id === pdfId,
  )?.signingUrl;
  return { pdfId, link: link ?? "", pdf };
}
