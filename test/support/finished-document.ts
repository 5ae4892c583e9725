import { makePdf } from "./pdf-fixtures";
import { callApi, type RunningSandbox, templateForm } from "./sandbox";

/** Sends a one-signer document on the sandbox and signs it: it has a final PDF. */
export async function finishedDocument(
  running: RunningSandbox,
  name: string,
): Promise<{ pdfId: string; finalUrl: string }> {
  const created = await callApi(running.url, "POST", "/createNewTemplate", {
    key: running.key,
    form: templateForm({
      file: await makePdf(),
      templateName: name,
      fields: [[{ id: "note", x: 72, y: 72, page: 1, type: "Text", recipient: 1 }]],
      recipients: [{ name: "Ada", email: "ada@example.com" }],
    }),
  });
  const pdfId = (created.body as { pdf_id: string }).pdf_id;
  const outbox = await callApi(running.url, "GET", "/_sandbox/outbox", { key: running.key });
  const link = (outbox.body as { messages: { pdf_id: string; signingUrl: string }[] }).messages.find(
    (m) => m.pdf_id === pdfId,
  );
  await callApi(link?.signingUrl ?? "", "POST", "", { json: { fields: { note: "Signed" } } });
  return { pdfId, finalUrl: await currentFinalUrl(running, pdfId) };
}

export async function currentFinalUrl(running: RunningSandbox, pdfId: string): Promise<string> {
  const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
  return (details.body as { document: { finalUrl: string } }).document.finalUrl;
}
