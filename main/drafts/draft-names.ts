import { maxDraftNameLength } from "../../common/draft";
import { DraftError, draftMessages } from "./draft-errors";

/** A name the user typed, trimmed; rejected when blank or too long. */
export function checkName(name: unknown): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (trimmed === "") throw new DraftError("invalid_draft", draftMessages.invalidName("it is blank"));
  if (trimmed.length > maxDraftNameLength) {
    const detail = `it is longer than ${maxDraftNameLength} characters`;
    throw new DraftError("invalid_draft", draftMessages.invalidName(detail));
  }
  return trimmed;
}
