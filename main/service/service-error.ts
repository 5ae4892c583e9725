import type { IpcError } from "../../common/result";
import { asSentence } from "../../common/sentence";
import { type PhraseRenderer, UserError } from "../../common/user-error";
/** What went wrong with a call to the service, in terms the app can act on. */
export type ServiceErrorCategory =
  | "auth"
  | "validation"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "server"
  | "network"
  | "timeout"
  | "protocol"
  | "outcome_unknown"
  /** The service answered a redirect that was not followed: it moved (see `movedTo`). Nothing was acted on. */
  | "moved";

export interface ServiceErrorInit {
  category: ServiceErrorCategory;
  /** The user-facing sentence. Never contains the API key. */
  message: string;
  status?: number | null;
  serviceMessage?: string | null;
  retryAfterSeconds?: number | null;
  attempts?: number;
  /** The failure without how often it was tried (see `reason`); the message when not given. */
  reason?: string;
  /** For `moved`: the account's new base URL, when the redirect names one (the same endpoint elsewhere). */
  movedTo?: string | null;
}

/**
 * A failed call to the service. `message` is specific and shown to the user as is; `serviceMessage`
 * is the service's own `message` when it sent one. Holds no request, header or underlying error,
 * so nothing reachable from it can carry the API key.
 */
export class ServiceError extends UserError {
  override readonly name = "ServiceError";
  readonly category: ServiceErrorCategory;
  /** The HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  readonly serviceMessage: string | null;
  readonly retryAfterSeconds: number | null;
  /** How many times the request was sent (GETs are retried; everything else is sent once). */
  readonly attempts: number;
  /**
   * What failed, without how often it was tried: the words the connection banner and a waiting outbox item show,
   * the same whichever call met the failure (a GET is tried four times, a send once).
   */
  readonly reason: string;
  readonly movedTo: string | null;

  constructor(init: ServiceErrorInit) {
    super(init.category, init.message);
    this.category = init.category;
    this.status = init.status ?? null;
    this.serviceMessage = init.serviceMessage ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.attempts = init.attempts ?? 1;
    this.reason = init.reason ?? init.message;
    this.movedTo = init.movedTo ?? null;
  }

  /** With the service's new address when it moved, for a one-click account update. */
  override toIpcError(render?: PhraseRenderer): IpcError {
    const known = super.toIpcError(render);
    return this.movedTo === null ? known : { ...known, movedTo: this.movedTo };
  }

  /** The same failure, told as the last of `attempts` attempts. */
  afterAttempts(attempts: number): ServiceError {
    if (attempts <= 1) return this;
    return new ServiceError({
      category: this.category,
      message: `${this.message.replace(/\.$/, "")} (gave up after ${attempts} attempts).`,
      status: this.status,
      serviceMessage: this.serviceMessage,
      retryAfterSeconds: this.retryAfterSeconds,
      attempts,
      reason: this.reason,
    });
  }
}

/** "30 s", "1.5 s", "200 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** "<lead>: <service message>." or "<lead> (HTTP <status>)." when the service gave no message. */
function withServiceMessage(lead: string, status: number, serviceMessage: string | null): string {
  return serviceMessage === null || serviceMessage.trim() === ""
    ? `${lead} (HTTP ${status}).`
    : `${lead}: ${asSentence(serviceMessage)}`;
}

/** The error for a non-2xx answer. */
export function errorForStatus(
  status: number,
  serviceMessage: string | null,
  retryAfterSeconds: number | null,
): ServiceError {
  const base = { status, serviceMessage, retryAfterSeconds };
  if (status === 401) {
    const message = withServiceMessage("The service rejected the API key", status, serviceMessage);
    return new ServiceError({ ...base, category: "auth", message });
  }
  if (status === 403) {
    const message = withServiceMessage("The service refused access", status, serviceMessage);
    return new ServiceError({ ...base, category: "forbidden", message });
  }
  if (status === 404) {
    const message = withServiceMessage("The service could not find it", status, serviceMessage);
    return new ServiceError({ ...base, category: "not_found", message });
  }
  if (status === 413) {
    const message = withServiceMessage("The service refused the file as too large", status, serviceMessage);
    return new ServiceError({ ...base, category: "validation", message });
  }
  if (status === 429) {
    const wait = retryAfterSeconds === null ? "later" : `in ${retryAfterSeconds} s`;
    const message = withServiceMessage(`The service is limiting requests; try again ${wait}`, status, serviceMessage);
    return new ServiceError({ ...base, category: "rate_limited", message });
  }
  if (status >= 500) {
    const message = withServiceMessage("The service failed", status, serviceMessage).replace(
      /^The service failed: /,
      `The service failed (HTTP ${status}): `,
    );
    return new ServiceError({ ...base, category: "server", message });
  }
  if (status >= 400) {
    const message = withServiceMessage("The service refused the request", status, serviceMessage);
    return new ServiceError({ ...base, category: "validation", message });
  }
  return new ServiceError({
    ...base,
    category: "protocol",
    message: `The service answered with an unexpected HTTP ${status}.`,
  });
}

export function protocolError(message: string, status: number | null): ServiceError {
  return new ServiceError({ category: "protocol", message, status });
}
