import { z } from "zod";
import type { SandboxContext } from "../context";
import { ApiError } from "../http/api-error";
import { parseBody } from "../http/parse-body";
import type { SignedDocument, Template } from "../state/schema";
import { withDocumentLock } from "./document-lock";
import { checkFieldValues, fieldValue } from "./field-values";
import { applyFinal, makeFinalPdf } from "./finalize";
import { signingDateOf } from "./signing-date";

export interface SigningTarget {
  document: SignedDocument;
  template: Template;
  index: number;
}

/** The recipient behind a signing link, or 404. */
export function signingTarget(context: SandboxContext, hash: string): SigningTarget {
  const found = context.store.recipientByHash(hash);
  const template = found === undefined ? undefined : context.store.template(found.document.templateId);
  if (found === undefined || template === undefined) throw new ApiError(404, "This signing link is not valid.");
  return { document: found.document, template, index: found.index };
}

const answerProblem = "The body must be {fields: {...}} to sign or {decline: true} to decline.";

/** `{decline: true}` declines; otherwise `fields`, checked against the template (checkFieldValues), signs. */
const SigningAnswerBody = z
  .looseObject({ decline: z.unknown().optional(), fields: z.unknown().optional() }, { error: answerProblem })
  .refine((answer) => answer.decline === true || answer.fields !== undefined, { error: answerProblem });

function ensureCanAct(target: SigningTarget): void {
  const recipient = target.document.recipients[target.index];
  if (recipient?.status === "signed") throw new ApiError(409, "You have already signed this document.");
  if (recipient?.status === "declined") throw new ApiError(409, "You have already declined this document.");
  if (target.document.status === "declined")
    throw new ApiError(409, "This document was declined and can no longer be signed.");
}

/**
 * Applies a recipient's answer (`{fields}` to sign, `{decline: true}` to decline) before returning;
 * when the last recipient signs and the template auto-releases, the final PDF is made at once.
 * Webhooks are delivered afterwards, asynchronously.
 */
export async function answerSigning(context: SandboxContext, hash: string, body: unknown, ipAddress: string) {
  const found = signingTarget(context, hash);
  return withDocumentLock(context, found.document.id, () => applyAnswer(context, hash, body, ipAddress));
}

async function applyAnswer(context: SandboxContext, hash: string, body: unknown, ipAddress: string) {
  const target = signingTarget(context, hash);
  ensureCanAct(target);
  const { document, template, index } = target;
  const recipient = document.recipients[index];
  if (recipient === undefined) throw new ApiError(404, "This signing link is not valid.");
  const answer = parseBody(SigningAnswerBody, body);
  const now = new Date(context.now()).toISOString();

  if (answer.decline === true) {
    recipient.status = "declined";
    recipient.actedAt = now;
    recipient.ipAddress = ipAddress;
    document.status = "declined";
    await context.store.save();
    return { message: "You declined this document.", status: document.status };
  }

  const fields = template.groups[recipient.group - 1] ?? [];
  const values = await checkFieldValues(fields, answer.fields, signingDateOf(context.now()));
  const signed = { ...recipient, values, status: "signed" as const, actedAt: now, ipAddress };
  const recipients = document.recipients.map((candidate, position) => (position === index ? signed : candidate));
  const everyoneSigned = recipients.every((candidate) => candidate.status === "signed");
  // The final PDF is made before anything changes: if it fails, nothing of this signature is kept and the
  // recipient can simply try again; while it is made, every other request sees the document as it was.
  const final =
    everyoneSigned && template.autoRelease
      ? await makeFinalPdf(context, { ...document, recipients, status: "signed" }, template)
      : null;

  Object.assign(recipient, signed);
  document.status = everyoneSigned ? "signed" : "partially_signed";
  context.webhooks.enqueue(document.userId, document.id, "document.signed", {
    pdf_id: document.id,
    recipient: { name: recipient.name, email: recipient.email, recipientHash: recipient.hash },
    completed_fields: fields.map((field) => ({
      id: field.id,
      type: field.type,
      page: field.page,
      x: field.x,
      y: field.y,
      value: fieldValue(recipient.values, field.id),
    })),
    status: document.status,
  });
  if (final !== null) applyFinal(context, document, final);
  await context.store.save();
  context.webhooks.kick(document.id);
  return { message: "Thank you: your signature was recorded.", status: document.status };
}

/** Releases a fully signed document whose template does not auto-release (the owner's action). */
export async function releaseDocument(context: SandboxContext, document: SignedDocument): Promise<void> {
  const template = context.store.template(document.templateId);
  if (template === undefined) throw new ApiError(404, "Document not found.");
  await withDocumentLock(context, document.id, async () => {
    if (document.final !== null) throw new ApiError(409, "This document was already released.");
    if (document.status !== "signed")
      throw new ApiError(409, "Only a document that every recipient signed can be released.");
    applyFinal(context, document, await makeFinalPdf(context, document, template));
    await context.store.save();
    context.webhooks.kick(document.id);
  });
}
