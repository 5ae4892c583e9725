import { readFile } from "node:fs/promises";
import type { FastifyInstance, FastifyReply } from "fastify";
import { displayedSize } from "../../common/coordinates";
import { fieldBoxSizes } from "../../common/fields";
import type { SandboxContext } from "../context";
import { answerSigning, signingTarget } from "../documents/signing";
import { pageHeaders } from "../http/page-headers";
import { signingPageHtml } from "../pages/html";

/** The recipient's side: the signing page, its data and document, and the answer (no API key: the hash is the credential). */
export function signingRoutes(app: FastifyInstance, context: SandboxContext): void {
  const hashParam = (params: unknown) => String((params as { hash: string }).hash);

  // An unknown link still gets the page (with 404): it tells the recipient in words, not JSON.
  app.get("/sign/:hash", async (request, reply: FastifyReply) => {
    const known = context.store.recipientByHash(hashParam(request.params)) !== undefined;
    return reply
      .code(known ? 200 : 404)
      .headers(pageHeaders())
      .type("text/html; charset=utf-8")
      .send(signingPageHtml());
  });

  app.get("/sign/:hash/data", async (request) => {
    const { document, template, index } = signingTarget(context, hashParam(request.params));
    const recipient = document.recipients[index];
    const fields = recipient === undefined ? [] : (template.groups[recipient.group - 1] ?? []);
    return {
      document: { id: document.id, name: document.name, status: document.status },
      recipient: { name: recipient?.name ?? "", email: recipient?.email ?? "", status: recipient?.status ?? "pending" },
      pages: template.pages.map((page) => displayedSize(page)),
      fields: fields.map((field) => ({
        id: field.id,
        type: field.type,
        page: field.page,
        x: field.x,
        y: field.y,
        ...fieldBoxSizes[field.type],
      })),
    };
  });

  app.get("/sign/:hash/document.pdf", async (request, reply) => {
    const { template } = signingTarget(context, hashParam(request.params));
    const bytes = await readFile(context.store.filePath(template.file));
    return reply.type("application/pdf").header("cache-control", "no-store").send(bytes);
  });

  app.post("/sign/:hash", async (request) =>
    answerSigning(context, hashParam(request.params), request.body, request.ip),
  );
}
