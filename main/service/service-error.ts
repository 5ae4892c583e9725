import { defineMessages } from "../../common/i18n/define-messages";
import { isPhrase, type Phrase, type PhraseOrText, phrase } from "../../common/i18n/phrase";
import type { IpcError } from "../../common/result";
import { asSentence } from "../../common/sentence";
import { type PhraseRenderer, UserError } from "../../common/user-error";

const messages = defineMessages({
  sentence: {
    id: "main.service.sentence",
    defaultMessage: "{clause}.",
    description: "A failure told as a sentence: {clause} is the failure's words; add the full stop of your language.",
  },
  gaveUp: {
    id: "main.service.gaveUp",
    defaultMessage: "{clause} (gave up after {attempts, plural, one {# attempt} other {# attempts}}).",
    description: "A failed call to the service that was tried several times: {clause} is the failure's words.",
  },
  keyRejected: {
    id: "main.service.keyRejected",
    defaultMessage:
      "The service rejected the API key{hasMessage, select, yes {: {serviceMessage}} other { (HTTP {status}).}}",
    description: "{serviceMessage} is the service's own message, in its language, ending with its full stop.",
  },
  accessRefused: {
    id: "main.service.accessRefused",
    defaultMessage:
      "The service refused access{hasMessage, select, yes {: {serviceMessage}} other { (HTTP {status}).}}",
    description: "{serviceMessage} is the service's own message, in its language, ending with its full stop.",
  },
  notFound: {
    id: "main.service.notFound",
    defaultMessage:
      "The service could not find it{hasMessage, select, yes {: {serviceMessage}} other { (HTTP {status}).}}",
    description: "{serviceMessage} is the service's own message, in its language, ending with its full stop.",
  },
  tooLarge: {
    id: "main.service.tooLarge",
    defaultMessage:
      "The service refused the file as too large{hasMessage, select, yes {: {serviceMessage}} other { (HTTP {status}).}}",
    description: "{serviceMessage} is the service's own message, in its language, ending with its full stop.",
  },
  limiting: {
    id: "main.service.limiting",
    defaultMessage:
      "The service is limiting requests; try again {hasWait, select, yes {in {seconds} s} other {later}}{hasMessage, select, yes {: {serviceMessage}} other { (HTTP {status})}}",
    description:
      "Without its full stop (it may be followed by how often it was tried). {serviceMessage} is the service's own message.",
  },
  serverFailed: {
    id: "main.service.serverFailed",
    defaultMessage: "The service failed (HTTP {status}){hasMessage, select, yes {: {serviceMessage}} other {}}",
    description:
      "Without its full stop (it may be followed by how often it was tried). {serviceMessage} is the service's own message.",
  },
  requestRefused: {
    id: "main.service.requestRefused",
    defaultMessage:
      "The service refused the request{hasMessage, select, yes {: {serviceMessage}} other { (HTTP {status}).}}",
    description: "{serviceMessage} is the service's own message, in its language, ending with its full stop.",
  },
  duration: {
    id: "main.service.duration",
    defaultMessage: "{unit, select, ms {{amount, number} ms} other {{amount, number} s}}",
    description: "A time waited: milliseconds or seconds.",
  },
  unexpectedStatus: {
    id: "main.service.unexpectedStatus",
    defaultMessage: "The service answered with an unexpected HTTP {status}.",
  },
});

/**
 * A failure that may be told after how often it was tried: `clause` is its words without the final full stop, and
 * the error's words are the clause as a sentence.
 */
export function clauseError(init: Omit<ServiceErrorInit, "message" | "clause"> & { clause: Phrase }): ServiceError {
  return new ServiceError({ ...init, message: phrase(messages.sentence, { clause: init.clause }) });
}
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
  /** The user-facing sentence (a Phrase, or text as it is). Never contains the API key. */
  message: Phrase | string;
  /**
   * The words without their final full stop, when the message is that clause as a sentence: told after how often it
   * was tried, "<clause> (gave up after N attempts)." (clauseError makes both).
   */
  clause?: Phrase;
  status?: number | null;
  serviceMessage?: string | null;
  retryAfterSeconds?: number | null;
  attempts?: number;
  /** The failure without how often it was tried (see `reason`); the message when not given. */
  reason?: PhraseOrText;
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
  readonly reason: PhraseOrText;
  readonly movedTo: string | null;
  /** The words the error was made with (see `ServiceErrorInit`). */
  readonly words: PhraseOrText;
  readonly clause: Phrase | null;

  constructor(init: ServiceErrorInit) {
    super(init.category, init.message);
    this.category = init.category;
    this.status = init.status ?? null;
    this.serviceMessage = init.serviceMessage ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.attempts = init.attempts ?? 1;
    this.reason = init.reason ?? init.message;
    this.movedTo = init.movedTo ?? null;
    this.words = init.message;
    this.clause = init.clause ?? (isPhrase(init.message) ? clauseOf(init.message) : null);
  }

  /** With the service's new address when it moved, for a one-click account update. */
  override toIpcError(render?: PhraseRenderer): IpcError {
    const known = super.toIpcError(render);
    return this.movedTo === null ? known : { ...known, movedTo: this.movedTo };
  }

  /**
   * What happened, without "The outcome is unknown: …" (for a caller that tells what it does next): the words of an
   * `outcome_unknown` error without their last sentences.
   */
  whatHappened(): PhraseOrText {
    const words = this.words;
    if (isPhrase(words) && words.values?.outcome !== undefined)
      return phrase(words, { ...words.values, outcome: "omit" });
    return this.message.replace(/\s*The outcome is unknown[:,].*$/s, "");
  }

  /** The same failure, told as the last of `attempts` attempts. */
  afterAttempts(attempts: number): ServiceError {
    if (attempts <= 1) return this;
    const clause = this.clause;
    return new ServiceError({
      category: this.category,
      message:
        clause !== null
          ? phrase(messages.gaveUp, { clause, attempts })
          : `${this.message.replace(/\.$/, "")} (gave up after ${attempts} attempts).`,
      status: this.status,
      serviceMessage: this.serviceMessage,
      retryAfterSeconds: this.retryAfterSeconds,
      attempts,
      reason: this.reason,
    });
  }
}

/** "30 s", "1.5 s", "200 ms". */
export function formatDuration(ms: number): Phrase {
  if (ms < 1000) return phrase(messages.duration, { unit: "ms", amount: Math.round(ms) });
  return phrase(messages.duration, { unit: "s", amount: Number((ms / 1000).toFixed(1)) });
}

/** The values of a message that ends with the service's own message, or with the status when it gave none. */
function serviceMessageValues(status: number, serviceMessage: string | null, clause = false) {
  if (serviceMessage === null || serviceMessage.trim() === "") return { hasMessage: "no", status, serviceMessage: "" };
  const sentence = asSentence(serviceMessage);
  return { hasMessage: "yes", status, serviceMessage: clause ? sentence.replace(/\.$/, "") : sentence };
}

/** The error for a non-2xx answer. */
export function errorForStatus(
  status: number,
  serviceMessage: string | null,
  retryAfterSeconds: number | null,
): ServiceError {
  const base = { status, serviceMessage, retryAfterSeconds };
  const values = serviceMessageValues(status, serviceMessage);
  if (status === 401)
    return new ServiceError({ ...base, category: "auth", message: phrase(messages.keyRejected, values) });
  if (status === 403)
    return new ServiceError({ ...base, category: "forbidden", message: phrase(messages.accessRefused, values) });
  if (status === 404)
    return new ServiceError({ ...base, category: "not_found", message: phrase(messages.notFound, values) });
  if (status === 413)
    return new ServiceError({ ...base, category: "validation", message: phrase(messages.tooLarge, values) });
  if (status === 429 || status >= 500) {
    // Told with how often it was tried when it was retried: the clause without the service's message's full stop.
    const told = (clause: boolean): Phrase => {
      const shown = serviceMessageValues(status, serviceMessage, clause);
      return status === 429
        ? phrase(messages.limiting, {
            ...shown,
            hasWait: retryAfterSeconds === null ? "no" : "yes",
            seconds: retryAfterSeconds ?? 0,
          })
        : phrase(messages.serverFailed, shown);
    };
    const category = status === 429 ? "rate_limited" : "server";
    // With the service's message the words end with its own full stop; without, the clause is made a sentence.
    return values.hasMessage === "yes"
      ? new ServiceError({ ...base, category, message: told(false), clause: told(true) })
      : clauseError({ ...base, category, clause: told(true) });
  }
  if (status >= 400)
    return new ServiceError({ ...base, category: "validation", message: phrase(messages.requestRefused, values) });
  return new ServiceError({
    ...base,
    category: "protocol",
    message: phrase(messages.unexpectedStatus, { status }),
  });
}

/** The clause of words made by clauseError (a sentence of one clause), or null. */
function clauseOf(words: Phrase): Phrase | null {
  const clause = words.values?.clause;
  return words.id === messages.sentence.id && isPhrase(clause) ? clause : null;
}

export function protocolError(message: Phrase | string, status: number | null): ServiceError {
  return new ServiceError({ category: "protocol", message, status });
}
