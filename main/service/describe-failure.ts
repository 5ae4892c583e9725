import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { clauseError, formatDuration, ServiceError } from "./service-error";
import type { TransportFailure } from "./transport";

export interface FailureContext {
  method: "GET" | "POST";
  /** The service's origin, e.g. https://api.example.com (never with credentials). */
  origin: string;
  endpoint: string;
  timeoutMs: number;
  maxResponseBytes: number;
}

const messages = defineMessages({
  lost: { id: "main.service.code.lost", defaultMessage: "the connection was lost" },
  refused: { id: "main.service.code.refused", defaultMessage: "connection refused" },
  reset: { id: "main.service.code.reset", defaultMessage: "connection reset" },
  closed: { id: "main.service.code.closed", defaultMessage: "connection closed" },
  aborted: { id: "main.service.code.aborted", defaultMessage: "connection aborted" },
  hostNotFound: { id: "main.service.code.hostNotFound", defaultMessage: "host not found" },
  lookupFailed: {
    id: "main.service.code.lookupFailed",
    defaultMessage: "the name lookup failed; check the network connection",
  },
  timedOut: { id: "main.service.code.timedOut", defaultMessage: "connection timed out" },
  networkUnreachable: { id: "main.service.code.networkUnreachable", defaultMessage: "network unreachable" },
  hostUnreachable: { id: "main.service.code.hostUnreachable", defaultMessage: "host unreachable" },
  certificate: {
    id: "main.service.code.certificate",
    defaultMessage: "its TLS certificate was not accepted ({code})",
    description: "{code} is a system error code such as CERT_HAS_EXPIRED.",
  },
  noAnswerWithin: { id: "main.service.noAnswerWithin", defaultMessage: "no answer within {waited}" },
  answerTooLarge: {
    id: "main.service.answerTooLarge",
    defaultMessage:
      "The service's answer to {endpoint} is larger than {megabytes, number} MB, more than any answer should be.",
  },
  connectTimeout: {
    id: "main.service.connectTimeout",
    defaultMessage: "Could not connect to {origin} within {waited}",
    description: "{origin} is the service's address, e.g. https://api.example.com. No full stop: one is added.",
  },
  cannotReach: {
    id: "main.service.cannotReach",
    defaultMessage: "Cannot reach {origin}: {problem}",
    description: "{origin} is the service's address; {problem} e.g. “connection refused”. No full stop: one is added.",
  },
  answerLost: {
    id: "main.service.answerLost",
    defaultMessage:
      "The {endpoint} request was sent to {origin}, but its answer was lost ({problem}).{outcome, select, omit {} other { The outcome is unknown: the service may or may not have carried it out. The app will check before anything is sent again.}}",
    description:
      "{endpoint} is the name of the service's request, e.g. send_document. The last sentences are left out where the app tells what it does next.",
  },
  uploadStalled: {
    id: "main.service.uploadStalled",
    defaultMessage: "The upload to {origin} made no progress for {waited} and was stopped before it was complete",
    description: "No full stop: one is added.",
  },
  lostBeforeSent: {
    id: "main.service.lostBeforeSent",
    defaultMessage: "The connection to {origin} was lost before the request was sent in full ({problem})",
    description: "No full stop: one is added.",
  },
  noAnswer: {
    id: "main.service.noAnswer",
    defaultMessage: "The service did not answer within {waited}",
    description: "No full stop: one is added.",
  },
  lostWhile: {
    id: "main.service.lostWhile",
    defaultMessage:
      "The connection to {origin} was lost {when, select, receiving {while its answer was arriving} other {before it answered}} ({problem})",
    description: "No full stop: one is added.",
  },
});

const tlsCodes = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(GET|VERIFY)_)/;

/** A system error code in words. */
export function describeCode(code: string | null): Phrase | string {
  switch (code) {
    case null:
      return phrase(messages.lost);
    case "ECONNREFUSED":
      return phrase(messages.refused);
    case "ECONNRESET":
      return phrase(messages.reset);
    case "EPIPE":
    case "ERR_STREAM_DESTROYED":
      return phrase(messages.closed);
    case "ECONNABORTED":
      return phrase(messages.aborted);
    case "ENOTFOUND":
      return phrase(messages.hostNotFound);
    case "EAI_AGAIN":
      return phrase(messages.lookupFailed);
    case "ETIMEDOUT":
      return phrase(messages.timedOut);
    case "ENETUNREACH":
      return phrase(messages.networkUnreachable);
    case "EHOSTUNREACH":
      return phrase(messages.hostUnreachable);
    default:
      return tlsCodes.test(code) ? phrase(messages.certificate, { code }) : code;
  }
}

/** What a transport failure means for this call, told to the user. */
export function describeFailure(failure: TransportFailure, context: FailureContext): ServiceError {
  const { origin, endpoint } = context;
  const waited = formatDuration(context.timeoutMs);
  if (failure.reason === "too_large") {
    return new ServiceError({
      category: "protocol",
      message: phrase(messages.answerTooLarge, {
        endpoint,
        megabytes: Math.round(context.maxResponseBytes / 1024 / 1024),
      }),
    });
  }
  const timedOut = failure.reason === "timeout";
  const problem = timedOut ? phrase(messages.noAnswerWithin, { waited }) : describeCode(failure.code);

  if (!failure.connected) {
    return timedOut
      ? clauseError({ category: "timeout", clause: phrase(messages.connectTimeout, { origin, waited }) })
      : clauseError({
          category: "network",
          clause: phrase(messages.cannotReach, { origin, problem: describeCode(failure.code) }),
        });
  }

  if (context.method === "POST" && failure.sent === "all") {
    return new ServiceError({
      category: "outcome_unknown",
      message: phrase(messages.answerLost, { endpoint, origin, problem, outcome: "tell" }),
    });
  }

  if (context.method === "POST") {
    // Part of the request never left this machine: the service cannot have acted on it.
    return timedOut
      ? clauseError({ category: "timeout", clause: phrase(messages.uploadStalled, { origin, waited }) })
      : clauseError({ category: "network", clause: phrase(messages.lostBeforeSent, { origin, problem }) });
  }

  if (timedOut) return clauseError({ category: "timeout", clause: phrase(messages.noAnswer, { waited }) });
  return clauseError({
    category: "network",
    clause: phrase(messages.lostWhile, { origin, problem, when: failure.receiving ? "receiving" : "before" }),
  });
}
