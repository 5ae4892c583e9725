import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  compress,
  type Encoding,
  parseJsonText,
  parseMultipart,
  type RecordedPart,
  Refusal,
  readBody,
  send,
} from "./variant-http";

export type { Encoding, RecordedPart } from "./variant-http";

/*
 * A stand-in for the signing service written from its documentation (API-SPEC.md, API-NOTES.md
 * section 1), not from the project's sandbox, that answers in every way the documentation allows:
 * members that are not required left out, unknown members added, nulls, numbers sent as strings,
 * other status words, 201 for 200, compressed answers nobody asked for. The documented behaviour is the
 * default; each test picks its variants per endpoint. Every request is recorded.
 */

export const endpoints = [
  "createNewTemplate",
  "createFromTemplate",
  "getDocumentDetails",
  "getAllDocuments",
  "registerWebhook",
  "deleteWebhook",
] as const;
export type Endpoint = (typeof endpoints)[number];

/** How one endpoint answers. Without any, it answers as the documentation's examples do. */
export interface Variant {
  /** The success status: 200 by default (the public reference has 201 for registerWebhook). */
  status?: number;
  /** Rewrites the documented JSON answer before it is sent (members dropped, added, nulled, stringified). */
  answer?: (body: Record<string, unknown>) => unknown;
  /** Compresses the answer with this Content-Encoding although the request did not ask for any. */
  encoding?: Encoding;
  /** Acts as usual, then answers these bytes instead of the JSON (a body that cannot be read). */
  raw?: { contentType: string; body: string };
  /** Does not act: answers this error status with the documented `{message, error}` body. */
  fail?: { status: number; message: string };
}

export interface VariantRecipient {
  name: string;
  email: string;
}

export interface VariantDocument {
  id: string;
  name: string;
  status: string;
  templateId: string | null;
  recipients: VariantRecipient[];
  finalUrl: string | null;
  /** Members added to this document wherever it is answered (unknown to the client). */
  extra: Record<string, unknown>;
}

export interface VariantTemplate {
  id: string;
  name: string;
  groups: number;
}

export interface RecordedRequest {
  method: string;
  endpoint: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  json: unknown;
  parts: RecordedPart[] | null;
  at: number;
}

export interface VariantServer {
  url: string;
  key: string;
  /** Every request, in order of arrival. */
  requests: RecordedRequest[];
  templates: Map<string, VariantTemplate>;
  documents: Map<string, VariantDocument>;
  /** Requests that arrived for `endpoint` (and, for getDocumentDetails, this pdf_id). */
  count(endpoint: Endpoint, pdfId?: string): number;
  /** How `endpoint` answers from now on (until `reset`). */
  vary(endpoint: Endpoint, variant: Variant): void;
  /** How the next requests to `endpoint` answer, one variant each, before the lasting one applies again. */
  varyNext(endpoint: Endpoint, ...variants: Variant[]): void;
  /** A document the service has (e.g. made in its web app), with these members. */
  addDocument(document: Partial<VariantDocument> & { recipients: VariantRecipient[] }): VariantDocument;
  /** Changes a document as a recipient's action would. */
  update(pdfId: string, changes: Partial<Omit<VariantDocument, "id">>): void;
  /** Forgets variants and recorded requests (templates and documents stay). */
  reset(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- helpers for variants

/** Every number in `value`, at any depth, as its decimal text. */
export function numbersAsStrings(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(numbersAsStrings);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, numbersAsStrings(member)]));
  return value;
}

/** `value` (an object) with only these members. */
export function only(value: unknown, ...members: string[]): Record<string, unknown> {
  const source = value as Record<string, unknown>;
  return Object.fromEntries(members.filter((member) => member in source).map((member) => [member, source[member]]));
}

/** An answer rewriter for getAllDocuments that rewrites each listed document. */
export function eachListed(rewrite: (document: Record<string, unknown>) => unknown): Variant["answer"] {
  return (body) => ({ ...body, documents: (body.documents as Record<string, unknown>[]).map(rewrite) });
}

// ---------------------------------------------------------------- the server

const recipientsOf = (value: unknown): VariantRecipient[] => {
  if (!Array.isArray(value)) throw new Refusal(400, "Recipients must be an array.");
  return value.map((entry) => {
    const { name, email } = (entry ?? {}) as { name?: unknown; email?: unknown };
    if (typeof email !== "string" || typeof name !== "string") throw new Refusal(400, "Missing parameters.");
    return { name, email };
  });
};

/** A loopback HTTP server implementing the documented endpoints, with per-test variants. */
export async function startVariantServer(options: { key?: string } = {}): Promise<VariantServer> {
  const key = options.key ?? `sk_variant_${randomUUID()}`;
  const templates = new Map<string, VariantTemplate>();
  const documents = new Map<string, VariantDocument>();
  const requests: RecordedRequest[] = [];
  const lasting = new Map<Endpoint, Variant>();
  const queued = new Map<Endpoint, Variant[]>();

  const newDocument = (fields: Partial<VariantDocument> & { recipients: VariantRecipient[] }): VariantDocument => {
    const document: VariantDocument = {
      id: randomUUID(),
      name: "Document",
      status: "pending",
      templateId: null,
      finalUrl: null,
      extra: {},
      ...fields,
    };
    documents.set(document.id, document);
    return document;
  };
  const detailed = (document: VariantDocument) => ({
    id: document.id,
    name: document.name,
    status: document.status,
    recipients: document.recipients.map(({ name, email }) => ({ name, email })),
    finalUrl: document.finalUrl,
    ...document.extra,
  });
  const listed = (document: VariantDocument) => ({
    id: document.id,
    name: document.name,
    status: document.status,
    // As the reference describes it: a presigned link to the document, there before anyone signs.
    publicUrl: `https://files.variant.invalid/${encodeURIComponent(document.id)}.pdf?X-Amz-Signature=0`,
    recipients: document.recipients.map(({ name, email }) => ({ name, email })),
    ...document.extra,
  });

  /** The documented effect and answer of each endpoint. */
  const act = async (endpoint: Endpoint, recorded: RecordedRequest): Promise<Record<string, unknown>> => {
    const json = (recorded.json ?? {}) as Record<string, unknown>;
    switch (endpoint) {
      case "createNewTemplate": {
        const parts = recorded.parts ?? [];
        const text = (name: string) => parts.find((part) => part.name === name)?.text ?? undefined;
        if (!parts.some((part) => part.name === "document" && part.text === null))
          throw new Refusal(400, "No file uploaded.");
        const templateName = text("templateName");
        if (templateName === undefined || templateName === "") throw new Refusal(400, "Template name is required.");
        const fields = parseJsonText(text("fields"), "Invalid fields data.");
        if (!Array.isArray(fields)) throw new Refusal(400, "Invalid fields data.");
        const template: VariantTemplate = { id: randomUUID(), name: templateName, groups: fields.length };
        templates.set(template.id, template);
        const s3_url = `templates/${template.id}.pdf`;
        const recipientsText = text("recipients");
        if (recipientsText === undefined)
          return { message: "Template created successfully", template_id: template.id, s3_url, fields };
        const recipients = recipientsOf(parseJsonText(recipientsText, "Recipients must be an array."));
        const document = newDocument({ name: templateName, templateId: template.id, recipients });
        const populated = (fields as { recipient?: number }[][]).flatMap((group) =>
          group.map((field) => ({ ...field, recipient: recipients[(field.recipient ?? 1) - 1] ?? null })),
        );
        return {
          message: "Template created and PDF created successfully",
          template_id: template.id,
          pdf_id: document.id,
          s3_url,
          fields: populated,
          recipients: recipients.map((recipient) => recipient.email),
        };
      }
      case "createFromTemplate": {
        const template = templates.get(String(json.templateId));
        if (template === undefined) throw new Refusal(400, "Template not found.");
        const recipients = recipientsOf(json.recipients);
        if (recipients.length !== template.groups)
          throw new Refusal(400, "The number of recipients must match the number of recipient groups.");
        const document = newDocument({ name: template.name, templateId: template.id, recipients });
        return {
          message: "Document created successfully",
          pdf_id: document.id,
          recipients: recipients.map((recipient) => recipient.email),
        };
      }
      case "getDocumentDetails": {
        const pdfId = recorded.query.pdf_id;
        if (pdfId === undefined || pdfId === "") throw new Refusal(400, "pdf_id is required.");
        const document = documents.get(pdfId);
        if (document === undefined) throw new Refusal(404, "Document not found.");
        return { message: "Document details retrieved successfully", document: detailed(document) };
      }
      case "getAllDocuments":
        return { message: "Documents retrieved successfully", documents: [...documents.values()].map(listed) };
      case "registerWebhook": {
        if (typeof json.url !== "string" || typeof json.eventType !== "string")
          throw new Refusal(400, "url and eventType are required.");
        return {
          message: "Webhook registered successfully",
          webhook: { webhook_id: randomUUID(), url: json.url, eventType: json.eventType },
        };
      }
      case "deleteWebhook":
        if (typeof json.url !== "string") throw new Refusal(400, "url is required.");
        return { message: "Webhook deleted successfully", url: json.url };
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://variant.invalid");
    const endpoint = url.pathname.slice(1) as Endpoint;
    const body = await readBody(req);
    const contentType = req.headers["content-type"] ?? "";
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      endpoint,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      json: null,
      parts: null,
      at: Date.now(),
    };
    requests.push(recorded);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      send(res, status, JSON.stringify(value), { "content-type": "application/json; charset=utf-8", ...headers });

    const method = endpoint === "getDocumentDetails" || endpoint === "getAllDocuments" ? "GET" : "POST";
    if (!endpoints.includes(endpoint) || req.method !== method) return json(404, { message: "Not found.", error: 404 });
    if (req.headers["x-api-key"] !== key) {
      const message = req.headers["x-api-key"] === undefined ? "API key is required." : "Invalid or expired API key.";
      return json(401, { message, error: 401 });
    }
    const variant = queued.get(endpoint)?.shift() ?? lasting.get(endpoint) ?? {};
    if (variant.fail !== undefined)
      return json(variant.fail.status, { message: variant.fail.message, error: variant.fail.status });
    let answer: Record<string, unknown>;
    try {
      if (/^multipart\/form-data/i.test(contentType)) recorded.parts = parseMultipart(body, contentType);
      else if (body.length > 0) recorded.json = parseJsonText(body.toString("utf8"), "Invalid request body.");
      answer = await act(endpoint, recorded);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // createNewTemplate's errors are `{message}`; the others' `{message, error}` (API-SPEC.md 7).
      return json(
        error.status,
        endpoint === "createNewTemplate" ? { message: error.message } : { message: error.message, error: error.status },
      );
    }
    const status = variant.status ?? 200;
    if (variant.raw !== undefined)
      return send(res, status, variant.raw.body, { "content-type": variant.raw.contentType });
    const text = Buffer.from(JSON.stringify(variant.answer === undefined ? answer : variant.answer(answer)));
    if (variant.encoding === undefined)
      return send(res, status, text, { "content-type": "application/json; charset=utf-8" });
    const compressed = compress(text, variant.encoding);
    return send(res, status, compressed.bytes, {
      "content-type": "application/json; charset=utf-8",
      "content-encoding": compressed.header,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, JSON.stringify({ message: String(error), error: 500 }), {});
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    templates,
    documents,
    count: (endpoint, pdfId) =>
      requests.filter(
        (request) => request.endpoint === endpoint && (pdfId === undefined || request.query.pdf_id === pdfId),
      ).length,
    vary: (endpoint, variant) => lasting.set(endpoint, variant),
    varyNext: (endpoint, ...variants) => queued.set(endpoint, [...(queued.get(endpoint) ?? []), ...variants]),
    addDocument: newDocument,
    update(pdfId, changes) {
      const document = documents.get(pdfId);
      if (document === undefined) throw new Error(`no document ${pdfId}`);
      Object.assign(document, changes);
    },
    reset() {
      lasting.clear();
      queued.clear();
      requests.length = 0;
    },
    async close() {
      const closed = once(server, "close");
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
