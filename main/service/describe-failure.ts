import { formatDuration, ServiceError } from "./service-error";
import type { TransportFailure } from "./transport";

export interface FailureContext {
  method: "GET" | "POST";
  /** The service's origin, e.g. https://api.example.com (never with credentials). */
  origin: string;
  endpoint: string;
  timeoutMs: number;
  maxResponseBytes: number;
}

const tlsCodes = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(GET|VERIFY)_)/;

/** A system error code in words. */
export function describeCode(code: string | null): string {
  switch (code) {
    case null:
      return "the connection was lost";
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset";
    case "EPIPE":
    case "ERR_STREAM_DESTROYED":
      return "connection closed";
    case "ECONNABORTED":
      return "connection aborted";
    case "ENOTFOUND":
      return "host not found";
    case "EAI_AGAIN":
      return "the name lookup failed; check the network connection";
    case "ETIMEDOUT":
      return "connection timed out";
    case "ENETUNREACH":
      return "network unreachable";
    case "EHOSTUNREACH":
      return "host unreachable";
    default:
      return tlsCodes.test(code) ? `its TLS certificate was not accepted (${code})` : code;
  }
}

/** What a transport failure means for this call, told to the user. */
export function describeFailure(failure: TransportFailure, context: FailureContext): ServiceError {
  const { origin, endpoint } = context;
  const waited = formatDuration(context.timeoutMs);
  if (failure.reason === "too_large") {
    const limit = `${Math.round(context.maxResponseBytes / 1024 / 1024)} MB`;
    return new ServiceError({
      category: "protocol",
      message: `The service's answer to ${endpoint} is larger than ${limit}, more than any answer should be.`,
    });
  }
  const timedOut = failure.reason === "timeout";
  const what = timedOut ? `no answer within ${waited}` : describeCode(failure.code);

  if (!failure.connected) {
    return timedOut
      ? new ServiceError({ category: "timeout", message: `Could not connect to ${origin} within ${waited}.` })
      : new ServiceError({ category: "network", message: `Cannot reach ${origin}: ${describeCode(failure.code)}.` });
  }

  if (context.method === "POST" && failure.sent === "all") {
    return new ServiceError({
      category: "outcome_unknown",
      message:
        `The ${endpoint} request was sent to ${origin}, but its answer was lost (${what}). ` +
        "The outcome is unknown: the service may or may not have carried it out. The app will check before anything is sent again.",
    });
  }

  if (context.method === "POST") {
    // Part of the request never left this machine: the service cannot have acted on it.
    return timedOut
      ? new ServiceError({
          category: "timeout",
          message: `The upload to ${origin} made no progress for ${waited} and was stopped before it was complete.`,
        })
      : new ServiceError({
          category: "network",
          message: `The connection to ${origin} was lost before the request was sent in full (${what}).`,
        });
  }

  if (timedOut)
    return new ServiceError({ category: "timeout", message: `The service did not answer within ${waited}.` });
  const when = failure.receiving ? "while its answer was arriving" : "before it answered";
  return new ServiceError({ category: "network", message: `The connection to ${origin} was lost ${when} (${what}).` });
}
