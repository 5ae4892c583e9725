import type { z } from "zod";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { ErrorBodySchema } from "../../common/wire";
import { decodeContent } from "./content-encoding";
import { parseRetryAfter } from "./retry";
import { errorForStatus, protocolError, ServiceError } from "./service-error";
import type { RawResponse } from "./transport";

const messages = defineMessages({
  notJson: { id: "main.service.notJson", defaultMessage: "The service answered with something that is not JSON." },
  unexpectedForm: {
    id: "main.service.unexpectedForm",
    defaultMessage: "The service's answer to {endpoint} is not in the expected form ({why}).",
    description:
      "{endpoint} is the service's request, e.g. get_document_details; {why} a technical detail, in English.",
  },
  unreadableAnswer: {
    id: "main.service.unreadableAnswer",
    defaultMessage:
      "The service answered the {endpoint} request with HTTP {status}, so it probably carried it out, but its answer could not be read ({why}).{outcome, select, omit {} other { The outcome is unknown: the app will check before anything is sent again.}}",
    description:
      "{endpoint} is the service's request; {why} a technical detail, in English. The last sentence is left out where the app tells what it does next.",
  },
  gateway: {
    id: "main.service.gateway",
    defaultMessage:
      "A gateway in front of the service answered the {endpoint} request with HTTP {status}, and the service may have carried it out before the gateway gave up.{outcome, select, omit {} other { The outcome is unknown: the app will check before anything is sent again.}}",
    description: "The last sentence is left out where the app tells what it does next.",
  },
});

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    // A byte order mark is not JSON, but some servers put one in front of it.
    return { ok: true, value: JSON.parse(body.toString("utf8").replace(/^\uFEFF/, "")) };
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

export interface AnswerContext {
  method: "GET" | "POST";
  endpoint: string;
  /** The largest body, once decompressed. */
  maxBytes: number;
  /** The time now (a Retry-After date is read against it). */
  now: number;
}

/**
 * A 2xx whose body cannot be read. For a GET it is `protocol`. For a POST the service said it acted:
 * the outcome is unknown (never "not sent"), so the caller checks before anything is sent again.
 */
function unreadable(raw: RawResponse, context: AnswerContext, why: string): ServiceError {
  if (context.method === "GET") {
    return protocolError(
      why === "not JSON"
        ? phrase(messages.notJson)
        : phrase(messages.unexpectedForm, { endpoint: context.endpoint, why }),
      raw.status,
    );
  }
  return new ServiceError({
    category: "outcome_unknown",
    status: raw.status,
    message: phrase(messages.unreadableAnswer, {
      endpoint: context.endpoint,
      status: raw.status,
      why,
      outcome: "tell",
    }),
  });
}

/** What a gateway in front of the service answers when the service was slow or failed behind it. */
const gatewayStatuses = new Set([502, 503, 504]);

/**
 * A gateway's error to a POST: the request may have reached the service, which may have acted before the
 * gateway gave up on it. The outcome is unknown, not a failure (the caller checks before sending again).
 */
function gatewayAnswer(status: number, context: AnswerContext): ServiceError {
  return new ServiceError({
    category: "outcome_unknown",
    status,
    message: phrase(messages.gateway, { endpoint: context.endpoint, status, outcome: "tell" }),
  });
}

/**
 * The typed value of an answer: any 2xx whose body (its Content-Encoding undone) is JSON of `schema`'s
 * shape, unknown members kept. Anything else throws a ServiceError: a non-2xx by its status, keeping
 * the service's `message`; a 2xx that cannot be read as `protocol` for a GET and `outcome_unknown` for
 * a POST.
 */
export async function readAnswer<T>(raw: RawResponse, schema: z.ZodType<T>, context: AnswerContext): Promise<T> {
  const decoded = await decodeContent(raw, context.maxBytes);
  const json = parseJson(decoded.body);
  if (raw.status < 200 || raw.status > 299) {
    const body = json.ok ? ErrorBodySchema.safeParse(json.value) : null;
    const serviceMessage = body?.success === true ? body.data.message : null;
    if (context.method === "POST" && gatewayStatuses.has(raw.status)) throw gatewayAnswer(raw.status, context);
    throw errorForStatus(raw.status, serviceMessage, parseRetryAfter(raw.headers["retry-after"], context.now));
  }
  if (!json.ok) throw unreadable(raw, context, decoded.problem === null ? "not JSON" : `not JSON: ${decoded.problem}`);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) throw unreadable(raw, context, firstIssue(parsed.error));
  return parsed.data;
}
