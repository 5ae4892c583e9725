import { randomBytes, randomUUID } from "node:crypto";
import type { SandboxContext } from "../context";
import type { SignedDocument, Template, User } from "../state/schema";
import type { RecipientInput } from "./recipients";

/**
 * Creates a document from a template for `recipients` (one per group, in group order) and "sends"
 * each recipient their signing link: recorded in the outbox, as there is no mail server.
 */
export async function createDocument(
  context: SandboxContext,
  user: User,
  template: Template,
  recipients: RecipientInput[],
  emailSubject: string | null,
): Promise<SignedDocument> {
  const now = new Date(context.now()).toISOString();
  const document: SignedDocument = {
    id: randomUUID(),
    userId: user.id,
    templateId: template.id,
    name: template.name,
    emailSubject,
    status: "pending",
    createdAt: now,
    recipients: recipients.map((recipient, index) => ({
      name: recipient.name,
      email: recipient.email,
      hash: randomBytes(24).toString("base64url"),
      group: index + 1,
      status: "pending",
      actedAt: null,
      ipAddress: null,
      values: Object.create(null),
    })),
    final: null,
  };
  context.store.addDocument(document);
  for (const recipient of document.recipients) {
    context.store.addMessage({
      userId: user.id,
      to: recipient.email,
      name: recipient.name,
      subject: emailSubject ?? `Please sign: ${template.name}`,
      pdf_id: document.id,
      signingUrl: `${context.baseUrl()}/sign/${recipient.hash}`,
      sentAt: now,
    });
  }
  await context.store.save();
  return document;
}
