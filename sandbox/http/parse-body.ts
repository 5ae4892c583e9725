import { z } from "zod";
import { ApiError } from "./api-error";

/**
 * The routes' JSON bodies (and queries) are zod schemas, like main's IPC contract. Each check carries the
 * exact text the route answers with (sandbox/README.md): a failed parse answers the first check that failed.
 */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError(400, parsed.error.issues[0]?.message ?? "The request is not valid.");
}

/**
 * A JSON object (`notObject` otherwise) with every one of `members` present (`missing` otherwise), then
 * `members`: for bodies whose answer names every missing member before any member's type is looked at.
 */
export function requiredMembers<T extends z.ZodType<unknown, Record<string, unknown>>>(
  members: readonly string[],
  messages: { notObject: string; missing: string },
  then: T,
) {
  return z
    .looseObject({}, { error: messages.notObject })
    .refine((body) => members.every((member) => body[member] !== undefined), { error: messages.missing })
    .pipe(then);
}
