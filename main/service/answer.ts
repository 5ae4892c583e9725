import type { z } from "zod";
import { ErrorBodySchema } from "../../common/wire";
import { parseRetryAfter } from "./retry";
import { errorForStatus, protocolError } from "./service-error";
import type { RawResponse } from "./transport";

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) };
  } catch {
    return { ok: false };
  }
}

/** "document.recipients.0.email: Invalid input: expected string, received undefined" */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "unknown difference";
  const where = issue.path.length === 0 ? "the answer" : issue.path.map(String).join(".");
  return `${where}: ${issue.message}`;
}

/**
 * The typed value of an answer: any 2xx whose body is JSON of `schema`'s shape (unknown members
 * kept). Anything else throws a ServiceError: a non-2xx by its status, keeping the service's
 * `message`; a 2xx that is not JSON or not of the expected shape as `protocol`.
 */
export function interpretAnswer<T>(raw: RawResponse, schema: z.ZodType<T>, endpoint: string): T {
  const json = parseJson(raw.body);
  if (raw.status < 200 || raw.status > 299) {
    const body = json.ok ? ErrorBodySchema.safeParse(json.value) : null;
    const serviceMessage = body?.success === true ? body.data.message : null;
    throw errorForStatus(raw.status, serviceMessage, parseRetryAfter(raw.headers["retry-after"]));
  }
  if (!json.ok) throw protocolError("The service answered with something that is not JSON.", raw.status);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    throw protocolError(
      `The service's answer to ${endpoint} is not in the expected form (${firstIssue(parsed.error)}).`,
      raw.status,
    );
  }
  return parsed.data;
}
