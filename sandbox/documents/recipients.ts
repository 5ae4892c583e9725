import { emailAddressProblem } from "../../common/email-address";
import { ApiError } from "../http/api-error";

export interface RecipientInput {
  name: string;
  email: string;
}

/**
 * Checks each recipient (`name`, `email`, and `phone` where allowed) and their count against the
 * template's groups; `shape` decides the error body of the route, `what` names the list in messages.
 */
export function checkRecipients(value: unknown, groupCount: number, allowPhone: boolean): RecipientInput[] {
  if (!Array.isArray(value)) throw new ApiError(400, "Recipients must be an array.");
  const recipients: RecipientInput[] = [];
  value.forEach((entry: unknown, index) => {
    const position = `Recipient ${index + 1}`;
    if (typeof entry !== "object" || entry === null)
      throw new ApiError(400, `${position} must be an object with name and email.`);
    const { name, email, phone } = entry as Record<string, unknown>;
    if (typeof name !== "string" || name.trim() === "" || name.length > 200) {
      throw new ApiError(400, `${position} needs a name (1 to 200 characters).`);
    }
    const emailProblem = typeof email === "string" ? emailAddressProblem(email) : null;
    if (typeof email !== "string" || emailProblem?.kind === "invalid") {
      throw new ApiError(400, `${position} needs a valid email address.`);
    }
    if (emailProblem !== null) throw new ApiError(400, `${position}'s email address ${emailProblem.text}.`);
    if (phone !== undefined && !(allowPhone && (phone === null || typeof phone === "string"))) {
      throw new ApiError(400, `${position}: phone must be a string or null.`);
    }
    recipients.push({ name: name.trim(), email });
  });
  if (recipients.length !== groupCount) {
    throw new ApiError(400, "The number of recipients must match the number of recipient groups in the template.");
  }
  return recipients;
}
