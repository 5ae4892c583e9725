import type { FastifyInstance, FastifyReply } from "fastify";
import { displayedSize } from "../../common/coordinates";
import { fieldBoxSizes } from "../../common/fields";
import type { SandboxContext } from "../context";
import { answerSigning, signingTarget } from "../documents/signing";
import { signingDateOf } from "../documents/signing-date";
import { ApiError } from "../http/api-error";
import {
  base64DecodedLength,
  maxSignatureImageBytes,
  maxSignatureImageText,
  signingBodyLimit,
} from "../http/body-limits";
import { pageHeaders } from "../http/page-headers";
import { sendFile } from "../http/send-file";
import { signingPageHtml } from "../pages/html";

/**
 * An image over the limit is refused in words that say so (its other checks come with the rest of the answer's).
 * Only the recipient's own image fields are looked at; anything else is for those checks to refuse.
 */
function refuseOversizedImages(context: SandboxContext, hash: string, body: unknown): void {
  const { template, document, index } = signingTarget(context, hash);
  const group = document.recipients[index]?.group ?? 0;
  const submitted = (body as { fields?: unknown } | null)?.fields;
  if (typeof submitted !== "object" || submitted === null) return;
  for (const field of template.groups[group - 1] ?? []) {
    if (field.type !== "Signature" && field.type !== "Initials") continue;
    const value = Object.hasOwn(submitted, field.id) ? (submitted as Record<string, unknown>)[field.id] : undefined;
    if (typeof value !== "string") continue;
    const data = value.slice(value.indexOf(",") + 1);
    if (base64DecodedLength(data) > maxSignatureImageBytes) {
      throw new ApiError(
        400,
        `Field ${field.id} (${field.type}) is too large: the image may be at most ${maxSignatureImageText}.`,
        { details: { field: field.id } },
      );
    }
  }
}

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
      // What the Date fields will hold: the server stamps the date of signing, not a date the page sends.
      signingDate: signingDateOf(context.now()),
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
    return sendFile(request, reply, context.store.filePath(template.file), {
      type: "application/pdf",
      headers: { "cache-control": "no-store" },
    });
  });

  app.post(
    "/sign/:hash",
    {
      bodyLimit: signingBodyLimit,
      config: {
        tooLargeMessage: `The answer is too large: a signature image may be at most ${maxSignatureImageText}.`,
      },
    },
    async (request) => {
      const hash = hashParam(request.params);
      refuseOversizedImages(context, hash, request.body);
      return answerSigning(context, hash, request.body, request.ip);
    },
  );
}
