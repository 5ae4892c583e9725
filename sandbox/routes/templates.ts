import { randomUUID } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { sha256OfFile } from "../../node-shared/files/file-sha256";
import { convertToPdf, usableKind } from "../../node-shared/pdf/convert-docx";
import { inspectPdf } from "../../node-shared/pdf/inspect-pdf";
import { PdfProblem } from "../../node-shared/pdf/pdf-problem";
import { sniffUpload } from "../../node-shared/pdf/sniff";
import type { SandboxContext } from "../context";
import { createDocument } from "../documents/create-document";
import { checkFinalizable } from "../documents/finalize-trial";
import { receiveUpload } from "../documents/receive-upload";
import { checkRecipients } from "../documents/recipients";
import { isJsonText, parseTemplateFields } from "../documents/template-fields";
import { ApiError } from "../http/api-error";
import { userOf } from "../http/app";
import { parseBody, requiredMembers } from "../http/parse-body";
import type { Template } from "../state/schema";

const maxNameLength = 255;

/** A file that cannot be read is the client's problem: 400 with the reason. */
function asBadRequest(error: unknown): never {
  if (error instanceof PdfProblem) throw new ApiError(400, error.message);
  throw error;
}

function parseAutoRelease(raw: string | undefined): boolean {
  if (raw === undefined) return true;
  const value = raw.trim().toLowerCase();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new ApiError(400, "autoReleaseSignatures must be true or false.");
}

const subjectProblem = "emailSubject must be text of at most 300 characters.";

/** A document's optional e-mail subject: blank means none. */
const EmailSubject = z
  .string({ error: subjectProblem })
  .max(300, { error: subjectProblem })
  .nullish()
  .transform((subject) => (subject == null || subject.trim() === "" ? null : subject));

/** Recipients and subject are looked at once the template is found (checkRecipients needs its groups). */
const CreateFromTemplateBody = requiredMembers(
  ["templateId", "recipients"],
  {
    notObject: "The body must be a JSON object with templateId and recipients.",
    missing: "templateId and recipients are required.",
  },
  z.object({
    templateId: z.string({ error: "templateId must be a string." }),
    recipients: z.unknown(),
    emailSubject: z.unknown().optional(),
  }),
);

/** The uploaded file as a readable PDF: converted when it is a Word document. Returns its path. */
async function readablePdf(context: SandboxContext, upload: string): Promise<string> {
  const kind = usableKind(await sniffUpload(upload));
  if (kind === "pdf") return upload;
  // LibreOffice picks its import filter by extension: name the file for what its bytes say it is.
  const named = `${upload}.${kind}`;
  await rename(upload, named);
  try {
    return await convertToPdf(
      named,
      context.store.filePath("tmp"),
      context.docxConversionTimeoutMs,
      context.locateSoffice,
    );
  } finally {
    await rename(named, upload).catch(() => {});
  }
}

export function templateRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post("/createNewTemplate", { config: { auth: true, errorShape: "message" } }, async (request) => {
    const user = userOf(request);
    const form = await receiveUpload(request, context.store.filePath("tmp"));
    let converted: string | null = null;
    try {
      const { templateName, fields, recipients: recipientsText } = form.fields;
      if (form.file === null) throw new ApiError(400, "No file uploaded.");
      if (templateName === undefined || templateName.trim() === "")
        throw new ApiError(400, "Template name is required.");
      if (!isJsonText(fields)) throw new ApiError(400, "Invalid fields data.");
      let recipientList: unknown;
      if (recipientsText !== undefined) {
        try {
          recipientList = JSON.parse(recipientsText);
        } catch {
          recipientList = null;
        }
        if (!Array.isArray(recipientList)) throw new ApiError(400, "Recipients must be an array.");
      }
      if (templateName.length > maxNameLength) {
        throw new ApiError(400, `Template name is too long (at most ${maxNameLength} characters).`);
      }
      const autoRelease = parseAutoRelease(form.fields.autoReleaseSignatures);
      const emailSubject = parseBody(EmailSubject, form.fields.emailSubject);

      const pdfFile = await readablePdf(context, form.file).catch(asBadRequest);
      if (pdfFile !== form.file) converted = pdfFile;
      const pages = await inspectPdf(pdfFile).catch(asBadRequest);
      const groups = parseTemplateFields(fields, pages);
      await checkFinalizable(context, pdfFile, groups).catch(asBadRequest);
      const recipients = recipientList === undefined ? null : checkRecipients(recipientList, groups.length, true);

      const id = randomUUID();
      const relativeFile = path.join("files", "templates", `${id}.pdf`);
      await mkdir(context.store.filePath(path.dirname(relativeFile)), { recursive: true });
      await rename(pdfFile, context.store.filePath(relativeFile));
      const template: Template = {
        id,
        userId: user.id,
        name: templateName.trim(),
        storageKey: `templates/${user.id}/${id}.pdf`,
        file: relativeFile,
        sha256: await sha256OfFile(context.store.filePath(relativeFile)),
        pages,
        groups,
        autoRelease,
        createdAt: new Date(context.now()).toISOString(),
      };
      context.store.addTemplate(template);
      if (recipients === null) {
        await context.store.save();
        return {
          message: "Template created successfully",
          template_id: id,
          s3_url: template.storageKey,
          fields: groups,
        };
      }
      const document = await createDocument(context, user, template, recipients, emailSubject);
      return {
        message: "Template created and PDF created successfully",
        template_id: id,
        pdf_id: document.id,
        s3_url: template.storageKey,
        fields: groups.flatMap((group, index) =>
          group.map((field) => ({
            ...field,
            recipient: { email: recipients[index]?.email, name: recipients[index]?.name },
          })),
        ),
        recipients: recipients.map((recipient) => recipient.email),
      };
    } finally {
      await form.discard();
      if (converted !== null) await rm(converted, { force: true });
    }
  });

  app.post("/createFromTemplate", { config: { auth: true } }, async (request) => {
    const user = userOf(request);
    const { templateId, recipients, emailSubject } = parseBody(CreateFromTemplateBody, request.body);
    const template = context.store.template(templateId);
    if (template === undefined || template.userId !== user.id) throw new ApiError(400, "Template not found.");
    const checked = checkRecipients(recipients, template.groups.length, false);
    const document = await createDocument(context, user, template, checked, parseBody(EmailSubject, emailSubject));
    return {
      message: "Document created and sent successfully",
      pdf_id: document.id,
      recipients: checked.map((recipient) => recipient.email),
    };
  });
}
