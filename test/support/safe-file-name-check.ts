import { maxFileNameBytes } from "../../common/file-names";

/**
 * What is wrong with `name` as one path segment on Windows, macOS or Linux, checked independently of
 * common/file-names.ts: [] when nothing is.
 */
export function fileNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (name === "") problems.push("empty");
  const bytes = Buffer.byteLength(name, "utf8");
  if (bytes > maxFileNameBytes) problems.push(`${bytes} bytes`);
  if (/[<>:"/\\|?*\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u.test(name)) problems.push("forbidden character");
  if (/[\s.]$/u.test(name)) problems.push("ends with a dot or space");
  if (name.startsWith(".")) problems.push("starts with a dot");
  const base = name.split(".")[0]?.trimEnd() ?? "";
  if (/^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i.test(base)) problems.push("device name");
  if (name !== name.normalize("NFC")) problems.push("not NFC");
  return problems;
}
