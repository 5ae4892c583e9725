import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import type { z } from "zod";
import { apiKeyProblem } from "../../common/api-key";
import { type Clock, systemClock } from "../../common/clock";
import { defineMessages } from "../../common/i18n/define-messages";
import { inEnglish } from "../../common/i18n/english";
import { phrase } from "../../common/i18n/phrase";
import { addressExamples, checkServiceAddress, describeAddressProblem } from "../../common/service-address";
import {
  type AllDocumentsResponse,
  AllDocumentsResponseSchema,
  type CreateFromTemplateRequest,
  type CreateFromTemplateResponse,
  CreateFromTemplateResponseSchema,
  type CreateNewTemplateResponse,
  type DeleteWebhookResponse,
  DeleteWebhookResponseSchema,
  type DocumentDetailsResponse,
  DocumentDetailsResponseSchema,
  type DocumentSummary,
  type RegisterWebhookRequest,
  type RegisterWebhookResponse,
  RegisterWebhookResponseSchema,
  type TemplateAndDocumentCreated,
  TemplateAndDocumentCreatedSchema,
  type TemplateCreated,
  TemplateCreatedSchema,
  type TemplateRecipient,
  type WireField,
} from "../../common/wire";
import { readAnswer } from "./answer";
import { describeFailure } from "./describe-failure";
import { type DocumentStreamOutcome, readDocumentStream } from "./document-stream";
import { multipartBody } from "./multipart-upload";
import type { ProxySettings } from "./proxy-agents";
import { isRedirect, redirectTarget } from "./redirects";
import { type RequestRoute, requestRoutes } from "./request-routes";
import { type RetryPolicy, sleep, withRetries } from "./retry";
import { ServiceError } from "./service-error";
import { exchange, jsonBody, ProxyRefusal, type RawResponse, type RequestBody, TransportFailure } from "./transport";
import { trustedContext } from "./trusted-certificates";

const messages = defineMessages({
  noKey: { id: "main.service.noKey", defaultMessage: "No API key is set for this account." },
});

export interface ServiceClientOptions {
  /** e.g. https://api.example.com or http://127.0.0.1:4010 */
  baseUrl: string;
  /** Read for every call (from the keychain); never logged, never part of an error. */
  apiKey: () => Promise<string>;
  /** Per attempt; for uploads, the longest time without progress. 30 s. */
  timeoutMs?: number;
  /** The clock back-offs wait on and a Retry-After date is read against; the system's unless given. */
  clock?: Clock;
  /** What arms the time-outs: the clock's timers unless given (tests fire them when they choose). */
  timers?: Pick<Clock, "after">;
  /** Attempts of an idempotent GET, the first included. 4. */
  maxGetAttempts?: number;
  /** First back-off between GET attempts; doubles each time, with jitter. 500 ms. */
  backoffBaseMs?: number;
  /** The longest Retry-After waited for; a longer one fails at once with `rate_limited`. 60 s. */
  maxRetryAfterMs?: number;
  /** A GET's attempt failed and another follows (the connection learns of it before the last attempt ends). */
  onRetry?: RetryPolicy["onRetry"];
  /** Waits out the back-off between a GET's attempts (a timer unless given: tests order attempts with a gate). */
  retryWait?: RetryPolicy["wait"];
  /** The system's proxies for the service's address, and the credentials kept for them; direct unless given. */
  proxy?: ProxySettings;
  /** A proxy asked for a user name and password (HTTP 407): the app asks the person for them. */
  onProxySignInNeeded?: (address: string) => void;
  /** Each exchange with the service, for the log: never its headers or body. */
  onExchange?: (exchange: ExchangeRecord) => void;
}

/** What the log keeps of one exchange. */
export interface ExchangeRecord {
  method: "GET" | "POST";
  endpoint: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** Why no answer came ("timeout", "error ECONNREFUSED"…), or null. */
  failure: string | null;
  ms: number;
}

export interface CallOptions {
  /** Cancels the call; it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface UploadOptions extends CallOptions {
  /** Bytes of the request handed to the network so far, out of the total; ends at the total. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

export interface NewTemplateInput {
  /** Path of the PDF (or DOCX) on disk; streamed, never read whole. */
  file: string;
  fileName: string;
  templateName: string;
  /** Grouped by recipient: `fields[i]` is group i + 1. */
  fields: WireField[][];
  /** When given, a document is created at once and these recipients are notified. */
  recipients?: TemplateRecipient[];
  emailSubject?: string;
  autoReleaseSignatures: boolean;
}

/** One typed function per endpoint of the service. Failures reject with a ServiceError. */
export interface ServiceClient {
  createNewTemplate(
    input: NewTemplateInput & { recipients: TemplateRecipient[] },
    options?: UploadOptions,
  ): Promise<TemplateAndDocumentCreated>;
  createNewTemplate(
    input: NewTemplateInput & { recipients?: undefined },
    options?: UploadOptions,
  ): Promise<TemplateCreated>;
  createNewTemplate(input: NewTemplateInput, options?: UploadOptions): Promise<CreateNewTemplateResponse>;
  createFromTemplate(input: CreateFromTemplateRequest, options?: CallOptions): Promise<CreateFromTemplateResponse>;
  getDocumentDetails(pdfId: string, options?: CallOptions): Promise<DocumentDetailsResponse>;
  getAllDocuments(options?: CallOptions): Promise<AllDocumentsResponse>;
  /**
   * getAllDocuments read as a stream: the documents are handed over in batches as they arrive (the next batch is
   * read once `onBatch` resolves), so an answer of any size is read in bounded memory. A retried attempt starts
   * again from the first document: `onBatch` must accept a document it was given before.
   */
  getAllDocumentsInBatches(
    onBatch: (documents: DocumentSummary[]) => Promise<void> | void,
    options?: CallOptions & { batchSize?: number },
  ): Promise<DocumentStreamOutcome>;
  registerWebhook(input: RegisterWebhookRequest, options?: CallOptions): Promise<RegisterWebhookResponse>;
  deleteWebhook(url: string, options?: CallOptions): Promise<DeleteWebhookResponse>;
}

const maxResponseBytes = 32 * 1024 * 1024;

/** The account's base URL, by the one address rule (main/accounts stores only addresses that pass it). */
function parseBaseUrl(baseUrl: string): URL {
  const checked = checkServiceAddress(baseUrl, "base");
  if (!checked.ok) {
    throw new TypeError(
      `The service address cannot be used: ${inEnglish(describeAddressProblem(checked.problem, addressExamples.base))}`,
    );
  }
  return new URL(checked.url);
}

interface Call<T> {
  method: "GET" | "POST";
  endpoint: string;
  query?: Record<string, string>;
  body: RequestBody | null;
  schema: z.ZodType<T>;
  idleTimeout?: boolean;
  options: UploadOptions | undefined;
  /** Reads a 2xx answer's body as a stream (transport.ts); the call then resolves with undefined. */
  readStream?: (body: Readable) => Promise<void>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const base = parseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? clock;
  const maxGetAttempts = Math.max(1, options.maxGetAttempts ?? 4);
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const agentOf = (protocol: string, options: http.AgentOptions) =>
    protocol === "https:" ? new https.Agent({ ...options, secureContext: trustedContext() }) : new http.Agent(options);
  // GETs reuse connections. Every POST gets a new one, so that a failure is never a stale kept-alive
  // socket's, and "connected" means the request could have reached the service.
  // Made at the first request, which reads the certificates an https agent trusts (trusted-certificates.ts).
  let reusing: http.Agent | undefined;
  let fresh: http.Agent | undefined;
  // A GET redirected from http to the same host's https (redirects.ts) needs an https agent.
  let upgraded: http.Agent | undefined;
  const directAgentFor = (url: URL, method: "GET" | "POST") => {
    if (url.protocol === base.protocol && method === "GET") {
      reusing ??= agentOf(base.protocol, { keepAlive: true, maxSockets: 6 });
      return reusing;
    }
    if (url.protocol === base.protocol) {
      fresh ??= agentOf(base.protocol, { keepAlive: false });
      return fresh;
    }
    upgraded ??= agentOf("https:", { keepAlive: true, maxSockets: 6 });
    return upgraded;
  };
  const { routeFor, proxyFailure } = requestRoutes({
    origin: base.origin,
    proxy: options.proxy,
    onProxySignInNeeded: options.onProxySignInNeeded,
    direct: directAgentFor,
  });

  function urlOf(endpoint: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${base.pathname.replace(/\/+$/, "")}/${endpoint}`, base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  async function keyHeader(): Promise<Record<string, string>> {
    const key = await options.apiKey();
    if (key === "") throw new ServiceError({ category: "auth", message: phrase(messages.noKey) });
    // Checked when the key was stored; a key stored before that (or changed in the keychain) is checked here.
    const problem = apiKeyProblem(key);
    if (problem !== null) throw new ServiceError({ category: "auth", message: problem });
    return { "x-api-key": key };
  }

  /** Runs one exchange, telling `onExchange` how it went and how long it took. */
  async function recorded<T>(call: Call<T>, run: () => Promise<RawResponse>): Promise<RawResponse> {
    const started = clock.now();
    const record = (status: number | null, failure: string | null) =>
      options.onExchange?.({
        method: call.method,
        endpoint: call.endpoint,
        status,
        failure,
        ms: clock.now() - started,
      });
    try {
      const raw = await run();
      record(raw.status, null);
      return raw;
    } catch (error) {
      record(null, error instanceof TransportFailure ? error.message : error instanceof Error ? error.name : "failed");
      throw error;
    }
  }

  async function attempt<T>(call: Call<T>, headers: Record<string, string>): Promise<T> {
    let url = urlOf(call.endpoint, call.query);
    let route: RequestRoute = { agent: directAgentFor(url, call.method), forward: null, proxy: null, signedIn: false };
    try {
      for (let hops = 0; ; hops += 1) {
        route = await routeFor(url, call.method);
        const raw = await recorded(call, () =>
          exchange({
            method: call.method,
            url,
            headers,
            body: call.body,
            agent: route.agent,
            forward: route.forward,
            timeoutMs,
            timers,
            timeoutKind: call.idleTimeout === true ? "idle" : "total",
            maxResponseBytes,
            signal: call.options?.signal,
            onSent: call.options?.onProgress,
            readStream: call.readStream,
          }),
        );
        if (raw.status === 407 && route.proxy !== null) throw proxyFailure(route, raw.status, "");
        if (call.readStream !== undefined && raw.status >= 200 && raw.status <= 299) return undefined as T;
        if (!isRedirect(raw.status))
          return await readAnswer(raw, call.schema, {
            method: call.method,
            endpoint: call.endpoint,
            maxBytes: maxResponseBytes,
            now: clock.now(),
          });
        // Followed only for a GET on the account's own host; anything else throws (never sent again).
        url = redirectTarget({ ...call, base, from: url, status: raw.status, headers: raw.headers, hops });
      }
    } catch (error) {
      if (error instanceof ProxyRefusal) throw proxyFailure(route, error.status, error.statusText);
      if (!(error instanceof TransportFailure)) throw error;
      throw describeFailure(error, {
        method: call.method,
        origin: route.proxy === null ? base.origin : `${base.origin} through the proxy ${route.proxy}`,
        endpoint: call.endpoint,
        timeoutMs,
        maxResponseBytes,
      });
    }
  }

  /** GETs are retried (they change nothing); POSTs are sent exactly once. */
  async function run<T>(call: Call<T>): Promise<T> {
    const headers = await keyHeader();
    if (call.method === "POST") return attempt(call, headers);
    return withRetries(() => attempt(call, headers), {
      maxAttempts: maxGetAttempts,
      backoffBaseMs,
      maxRetryAfterMs,
      signal: call.options?.signal,
      onRetry: options.onRetry,
      wait: options.retryWait ?? ((ms, signal) => sleep(ms, signal, clock)),
    });
  }

  function createNewTemplate(
    input: NewTemplateInput & { recipients: TemplateRecipient[] },
    options?: UploadOptions,
  ): Promise<TemplateAndDocumentCreated>;
  function createNewTemplate(
    input: NewTemplateInput & { recipients?: undefined },
    options?: UploadOptions,
  ): Promise<TemplateCreated>;
  function createNewTemplate(input: NewTemplateInput, options?: UploadOptions): Promise<CreateNewTemplateResponse>;
  async function createNewTemplate(input: NewTemplateInput, options?: UploadOptions) {
    const texts: [string, string][] = [
      ["templateName", input.templateName],
      ["fields", JSON.stringify(input.fields)],
      ["autoReleaseSignatures", String(input.autoReleaseSignatures)],
    ];
    if (input.recipients !== undefined) texts.push(["recipients", JSON.stringify(input.recipients)]);
    if (input.emailSubject !== undefined) texts.push(["emailSubject", input.emailSubject]);
    const body = await multipartBody(texts, { field: "document", path: input.file, fileName: input.fileName });
    const schema = input.recipients === undefined ? TemplateCreatedSchema : TemplateAndDocumentCreatedSchema;
    return run<CreateNewTemplateResponse>({
      method: "POST",
      endpoint: "createNewTemplate",
      body,
      schema,
      idleTimeout: true,
      options,
    });
  }

  return {
    createNewTemplate,
    createFromTemplate: (input, callOptions) =>
      run({
        method: "POST",
        endpoint: "createFromTemplate",
        body: jsonBody(input),
        schema: CreateFromTemplateResponseSchema,
        options: callOptions,
      }),
    getDocumentDetails: (pdfId, callOptions) =>
      run({
        method: "GET",
        endpoint: "getDocumentDetails",
        query: { pdf_id: pdfId },
        body: null,
        schema: DocumentDetailsResponseSchema,
        options: callOptions,
      }),
    getAllDocuments: (callOptions) =>
      run({
        method: "GET",
        endpoint: "getAllDocuments",
        body: null,
        schema: AllDocumentsResponseSchema,
        options: callOptions,
      }),
    getAllDocumentsInBatches: async (onBatch, callOptions) => {
      let outcome: DocumentStreamOutcome = { read: 0, skipped: 0, firstProblem: null };
      await run<undefined>({
        method: "GET",
        endpoint: "getAllDocuments",
        body: null,
        schema: AllDocumentsResponseSchema as unknown as z.ZodType<undefined>,
        // A long list arrives for as long as it takes: only a stall is a time-out.
        idleTimeout: true,
        options: callOptions,
        readStream: async (body) => {
          outcome = await readDocumentStream(body, onBatch, callOptions?.batchSize);
        },
      });
      return outcome;
    },
    registerWebhook: (input, callOptions) =>
      run({
        method: "POST",
        endpoint: "registerWebhook",
        body: jsonBody(input),
        schema: RegisterWebhookResponseSchema,
        options: callOptions,
      }),
    deleteWebhook: (url, callOptions) =>
      run({
        method: "POST",
        endpoint: "deleteWebhook",
        body: jsonBody({ url }),
        schema: DeleteWebhookResponseSchema,
        options: callOptions,
      }),
  };
}
