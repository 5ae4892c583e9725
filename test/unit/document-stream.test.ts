import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { type DocumentSummary, DocumentSummarySchema } from "../../common/wire";
import { readDocumentStream } from "../../main/service/document-stream";

const listed = [
  {
    id: "doc-1",
    name: null,
    status: 3,
    publicUrl: null,
    recipients: [
      { name: null, email: null, role: "signer" },
      { name: 7, email: "ada@example.com" },
    ],
    createdAt: "2031-01-02T03:04:05Z",
  },
  { id: "doc-2", recipients: [] },
  { id: "", recipients: [] },
  { id: "doc-4", recipients: "nobody" },
];

it("reads listed documents as the whole answer's schema does, leaving out those it cannot read", async () => {
  const body = Buffer.from(JSON.stringify({ message: "ok", documents: listed }));
  // In pieces that cut through members, as a network delivers them.
  const chunks = Array.from({ length: Math.ceil(body.length / 7) }, (_, index) =>
    body.subarray(index * 7, index * 7 + 7),
  );
  const read: DocumentSummary[] = [];
  const outcome = await readDocumentStream(Readable.from(chunks), (batch) => {
    read.push(...batch);
  });
  expect(outcome).toMatchObject({ read: 2, skipped: 2 });
  expect(read).toEqual([DocumentSummarySchema.parse(listed[0]), DocumentSummarySchema.parse(listed[1])]);
  expect(read[0]).toEqual({
    id: "doc-1",
    name: undefined,
    status: "3",
    publicUrl: null,
    recipients: [
      { name: "", email: "", role: "signer" },
      { name: "7", email: "ada@example.com" },
    ],
    createdAt: "2031-01-02T03:04:05Z",
  });
});
