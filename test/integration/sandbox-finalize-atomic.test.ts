import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPageText } from "../support/pdf-text";
import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";
import { sendForSigning } from "../support/send-for-signing";

/**
 * The final PDF is made off the sandbox's serving thread, so other requests are answered meanwhile: none of them
 * may see the last signature without its final PDF, and a second answer for the same document must wait for the
 * first, then be told it came too late.
 */
describe("completing a document while other requests arrive", () => {
  let running: RunningSandbox;
  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(async () => running?.close());

  const sentDocument = (pages: number) =>
    sendForSigning(running, [{ id: "note", x: 72, y: 72, page: pages, type: "Text", recipient: 1 }], { pages });

  it("never shows a signed document without its final PDF", async () => {
    const { pdfId, link } = await sentDocument(200);
    const seen: { status: string; hasFinal: boolean }[] = [];
    let done = false;
    const signing = callApi(link, "POST", "", { json: { fields: { note: "Signed" } } }).finally(() => {
      done = true;
    });
    while (!done) {
      const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
      const document = (details.body as { document: { status: string; finalUrl: string | null } }).document;
      seen.push({ status: document.status, hasFinal: document.finalUrl !== null });
    }
    expect((await signing).status).toBe(200);
    // The details were read while the final PDF was being made, and saw the document as it was before.
    expect(seen.length).toBeGreaterThan(0);
    for (const state of seen)
      expect([state.status, state.hasFinal]).toSatisfy(
        ([status, hasFinal]: [string, boolean]) => (status === "signed") === hasFinal,
      );
    const after = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
    expect(after.body).toMatchObject({ document: { status: "signed", finalUrl: expect.any(String) } });
  });

  it("answers a second signature sent at the same time with 409, and keeps the first", async () => {
    const { pdfId, link } = await sentDocument(1);
    const answers = await Promise.all([
      callApi(link, "POST", "", { json: { fields: { note: "First" } } }),
      callApi(link, "POST", "", { json: { fields: { note: "Second" } } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      message: "You have already signed this document.",
    });
    const details = await callApi(running.url, "GET", `/getDocumentDetails?pdf_id=${pdfId}`, { key: running.key });
    const final = await fetch((details.body as { document: { finalUrl: string } }).document.finalUrl);
    const text = await readPageText(new Uint8Array(await final.arrayBuffer()), 1);
    // The accepted answer's value is stamped, and only it.
    const acceptedFirst = answers[0]?.status === 200;
    expect([text.includes("First"), text.includes("Second")]).toEqual([acceptedFirst, !acceptedFirst]);
  });
});
