import { maxDraftNameLength } from "../../common/draft";
import { DraftError, draftMessages } from "./draft-errors";

/** A name the user typed, trimmed; rejected when blank or too long. */
export function checkName(name: unknown): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (trimmed === "") throw new DraftError("invalid_draft", draftMessages.invalidName("blank", maxDraftNameLength));
  if (trimmed.length > maxDraftNameLength) {
    throw new DraftError("invalid_draft", draftMessages.invalidName("tooLong", maxDraftNameLength));
  }
  return trimmed;
}
