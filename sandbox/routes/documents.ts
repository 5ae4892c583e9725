import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { SandboxContext } from "../context";
import { documentDetails, documentSummary } from "../documents/present";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function documentRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get("/getDocumentDetails", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    const pdfId = (request.query as Record<string, unknown>).pdf_id;
    if (pdfId === undefined || pdfId === "") throw new ApiError(400, "pdf_id is required.");
    if (typeof pdfId !== "string" || !uuidPattern.test(pdfId)) throw new ApiError(400, "Invalid pdf_id.");
    const document = context.store.document(pdfId.toLowerCase());
    if (document === undefined) throw new ApiError(404, "Document not found.");
    if (document.userId !== user.id) throw new ApiError(403, "You do not have access to this document.");
    return { message: "Document details retrieved successfully", document: documentDetails(context, document) };
  });

  // Written as it is serialized, a slice of documents at a time: an account of 100,000 documents answers at once
  // and never holds the whole body (the same bytes as one JSON.stringify of the answer).
  app.get("/getAllDocuments", { config: { auth: true } }, async (request, reply) => {
    const user = userOf(request);
    const documents = context.store.documentsOf(user.id);
    const slice = 500;
    async function* body() {
      yield `{"message":"Documents retrieved successfully","documents":[`;
      for (let start = 0; start < documents.length; start += slice) {
        const part = documents.slice(start, start + slice).map((document) => documentSummary(context, document));
        const text = JSON.stringify(part);
        yield `${start === 0 ? "" : ","}${text.slice(1, -1)}`;
      }
      yield "]}";
    }
    return reply.type("application/json; charset=utf-8").send(Readable.from(body()));
  });
}
