import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { verifyDownload } from "../documents/download-urls";
import { outboxOf } from "../documents/outbox";
import { releaseDocument } from "../documents/signing";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";
import { pageHeaders } from "../http/page-headers";
import { parseBody } from "../http/parse-body";
import { sendFile } from "../http/send-file";
import { faceAssets } from "../pages/face-assets";
import { generatedAssets, inboxPageHtml, pageAssets } from "../pages/html";

/** By name, without the object's inherited members (`__proto__`, `constructor`... are not assets). */
const assetsByName = new Map(Object.entries(pageAssets));
const generatedByName = new Map(Object.entries(generatedAssets));
/** The final PDF's faces (face-assets.ts), found in their packages on the first request of one, not at start. */
let faceFiles: Map<string, { file: string; contentType: string }> | undefined;
function faceFile(name: string) {
  faceFiles ??= new Map(Object.entries(faceAssets()));
  return faceFiles.get(name);
}

const ReleaseQuery = z.object({
  pdf_id: z.string({ error: "pdf_id is required." }).min(1, { error: "pdf_id is required." }),
});

/** Routes that stand in for the service's e-mails and web app (not part of the service's API). */
export function sandboxToolRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get("/_sandbox/outbox", { config: { auth: true } }, async (request) => {
    return { messages: outboxOf(context, userOf(request).id) };
  });

  app.get("/_sandbox/inbox", async (_request, reply) =>
    reply.headers(pageHeaders()).type("text/html; charset=utf-8").send(inboxPageHtml()),
  );

  app.get("/_sandbox/assets/:name", async (request, reply) => {
    const { name } = request.params as { name: string };
    const generated = generatedByName.get(name);
    if (generated !== undefined)
      return reply.header("cache-control", "no-cache").type(generated.contentType).send(generated.text());
    const asset = assetsByName.get(name) ?? faceFile(name);
    if (asset === undefined) throw new ApiError(404, "Not found.");
    return reply.header("cache-control", "no-cache").type(asset.contentType).send(createReadStream(asset.file));
  });

  app.post("/_sandbox/release", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    const { pdf_id: pdfId } = parseBody(ReleaseQuery, request.query);
    const document = context.store.document(pdfId);
    if (document === undefined) throw new ApiError(404, "Document not found.");
    if (document.userId !== user.id) throw new ApiError(403, "You do not have access to this document.");
    await releaseDocument(context, document);
    return { message: "Document released", pdf_id: document.id };
  });

  app.get("/_sandbox/deliveries", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    return {
      deliveries: context.store.state.deliveries
        .filter((delivery) => delivery.userId === user.id)
        .map(({ secret: _secret, userId: _owner, ...delivery }) => ({
          ...delivery,
          payload: JSON.parse(delivery.body),
        })),
    };
  });

  // getAllDocuments' publicUrl: the document as it stands, the original until its final PDF exists.
  app.get("/_sandbox/view/:pdfId", async (request, reply) => {
    const pdfId = (request.params as { pdfId: string }).pdfId;
    const { expires, signature } = request.query as Record<string, unknown>;
    const document = context.store.document(pdfId);
    const template = document === undefined ? undefined : context.store.template(document.templateId);
    if (!verifyDownload(context, pdfId, expires, signature, "view") || document === undefined || template === undefined)
      throw new ApiError(403, "This link has expired or is not valid.");
    const file = document.final === null ? template.file : document.final.file;
    return sendFile(request, reply, context.store.filePath(file), {
      type: "application/pdf",
      headers: { "content-disposition": `inline; filename="${document.id}.pdf"`, "cache-control": "no-store" },
    });
  });

  app.get("/_sandbox/download/:pdfId", async (request, reply) => {
    const pdfId = (request.params as { pdfId: string }).pdfId;
    const { expires, signature } = request.query as Record<string, unknown>;
    const document = context.store.document(pdfId);
    if (!verifyDownload(context, pdfId, expires, signature) || document?.final == null) {
      throw new ApiError(403, "This download link has expired or is not valid.");
    }
    return sendFile(request, reply, context.store.filePath(document.final.file), {
      type: "application/pdf",
      headers: {
        "content-disposition": `attachment; filename="${document.id}.pdf"`,
        "x-content-sha256": document.final.sha256,
        "cache-control": "no-store",
      },
    });
  });
}
