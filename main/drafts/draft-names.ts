import path from "node:path";
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

/** The file name without its extension ("Lease 2031.pdf" gives "Lease 2031"). */
export function nameFromFile(sourcePath: string): string {
  const base = path.basename(sourcePath, path.extname(sourcePath)).trim();
  return base === "" ? "Untitled draft" : base.slice(0, maxDraftNameLength).trim();
}

/** "<name> (copy)", shortening the name to keep within the length limit. */
export function copyName(name: string): string {
  const suffix = " (copy)";
  return `${name.slice(0, maxDraftNameLength - suffix.length).trimEnd()}${suffix}`;
}
