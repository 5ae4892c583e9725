import type { Socket } from "node:net";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { SandboxContext } from "../context";
import type { User } from "../state/schema";
import { ApiError, type ErrorShape, errorBody, messages } from "./api-error";
import { jsonBodyLimit, multipartBodyLimit, multipartLimits } from "./body-limits";
import { type HttpTimeouts, timeoutOptions, watchIdleness } from "./timeouts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Requires an API key (x-api-key, or Authorization: Bearer). */
    auth?: boolean;
    errorShape?: ErrorShape;
    /** The message of a 413 for a body over the route's limit (default `File too large.`). */
    tooLargeMessage?: string;
  }
  interface FastifyRequest {
    user: User | null;
  }
}

function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers["x-api-key"];
  if (typeof header === "string" && header.trim() !== "") return header.trim();
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return bearer?.[1] ?? null;
}

function shapeOf(request: FastifyRequest): ErrorShape {
  return request.routeOptions.config?.errorShape ?? "message-and-status";
}

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, details = {}) {
  return reply
    .code(status)
    .type("application/json")
    .send(errorBody(shapeOf(request), status, message, details));
}

const tooLarge = (request: FastifyRequest) =>
  new ApiError(413, request.routeOptions.config?.tooLargeMessage ?? "File too large.");

/** Translates Fastify's own request errors (bad JSON, wrong content type, size) into the service's answers. */
function frameworkError(error: FastifyError, request: FastifyRequest): ApiError | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError(400, messages.notJson);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge(request);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new ApiError(400, "No file uploaded.");
    default:
      if (error.code?.startsWith("FST_") && (error.statusCode ?? 500) < 500)
        return new ApiError(400, "Malformed request.");
      return null;
  }
}

export async function buildApp(
  context: SandboxContext,
  timeouts: HttpTimeouts,
  registerRoutes: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: jsonBodyLimit,
    return503OnClosing: true,
    forceCloseConnections: true,
    ...timeoutOptions(timeouts),
  });
  app.decorateRequest("user", null);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError(400, messages.notJson), undefined);
    }
  });

  await app.register(multipart, { limits: multipartLimits });

  app.addHook("onRequest", (request, reply, done) => {
    watchIdleness(request, reply, shapeOf(request));
    done();
  });

  // The key is checked before anything else, body parsing included.
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.auth !== true) return;
    const key = apiKeyOf(request);
    if (key === null) throw new ApiError(401, messages.keyMissing);
    const found = context.keys.lookup(key);
    if (found.status !== "valid") throw new ApiError(401, messages.keyInvalid);
    const wait = context.rateLimiter.take(found.keyHash);
    if (wait !== null) {
      throw new ApiError(429, `Too many requests. Try again in ${wait} seconds.`, {
        headers: { "retry-after": String(wait) },
      });
    }
    request.user = found.user;
  });

  // A form that declares more than the largest acceptable one is refused before its body is read (JSON bodies:
  // Fastify compares their Content-Length with the route's limit itself).
  app.addHook("preParsing", async (request) => {
    const type = request.headers["content-type"] ?? "";
    const multipart = /^\s*multipart\/form-data\s*(;|$)/i.test(type);
    if (multipart && Number(request.headers["content-length"]) > multipartBodyLimit) throw tooLarge(request);
  });

  // Every answer, JSON, PDF and errors included, is what its Content-Type says.
  // An answer given before the request's body was read whole (a refusal: 401, 413...) closes the connection:
  // Node would otherwise read and discard the rest of the body, however large, to keep the connection alive.
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    if (!request.raw.complete) {
      reply.header("connection", "close");
      lingerOnClose(request.raw.socket);
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const known = error instanceof ApiError ? error : frameworkError(error, request);
    if (known === null) {
      request.log.error(error);
      return sendError(request, reply, 500, messages.internal);
    }
    reply.headers(known.headers);
    return sendError(request, reply, known.status, known.message, known.details);
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, messages.notFound));

  registerRoutes(app);
  return app;
}

/** The authenticated user of a route declared with `config: { auth: true }`. */
export function userOf(request: FastifyRequest): User {
  if (request.user === null) throw new Error("route is missing config.auth");
  return request.user;
}

/**
 * Closing a connection whose request is still arriving resets it (unread bytes make the kernel send RST), and a
 * reset can make the client's kernel drop the answer it has not read yet: the client then sees "connection lost"
 * instead of the 413 or 401. So after the answer, the connection is half-closed and what still arrives is read and
 * thrown away for at most a second (the client stops sending once it reads the answer), then it is closed.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    socket.on("data", () => {});
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), 1000);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy());
  };
}
