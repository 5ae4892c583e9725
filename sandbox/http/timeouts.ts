import type { ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ErrorShape, errorBody } from "./api-error";

/**
 * How long the sandbox waits for a slow or stalled client. Each bounds idleness or slowness, never plain
 * size: a 50 MB upload over a slow link completes.
 */
export interface HttpTimeouts {
  /**
   * From a request's first byte to the end of its headers. Headers are a few kilobytes, which any link
   * sends in well under a second: 30 s is only for a client that sends them a byte at a time, or stops.
   */
  headersMs: number;
  /**
   * Nothing moves on the connection while a request's body arrives, or while the answer is being sent:
   * the connection is dropped (408 when nothing was answered yet). A slow link still moves bytes every few
   * milliseconds; only a stalled client waits this long. A route that is still working on a complete request
   * (a Word conversion takes up to a minute) is idle by design and is not cut.
   */
  idleMs: number;
  /**
   * The whole request, body included, must have arrived this long after it started: 15 minutes take a
   * 50 MB upload at 57 KB/s (under 0.5 Mbit/s). It stops a client that trickles a byte just often enough
   * never to be idle.
   */
  requestMs: number;
  /** An idle kept-alive connection is closed after this (Node's own default, which clients expect). */
  keepAliveMs: number;
}

export const defaultTimeouts: HttpTimeouts = {
  headersMs: 30_000,
  idleMs: 30_000,
  requestMs: 15 * 60_000,
  keepAliveMs: 5_000,
};

/** Fastify's options for these time-outs (Node checks the headers and request time-outs every interval). */
export function timeoutOptions(timeouts: HttpTimeouts) {
  const http: ServerOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
  };
  return {
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http,
  };
}

/**
 * Decides what an idle connection means for this request (Node asks the answer's `timeout` listeners, and
 * destroys the socket itself when there are none). Still receiving the request, or sending the answer: the
 * client stalled, drop it. The request complete and nothing answered yet: the route is working, keep it.
 */
export function watchIdleness(request: FastifyRequest, reply: FastifyReply, shape: ErrorShape): void {
  reply.raw.on("timeout", (socket: Socket) => {
    if (request.raw.complete && !reply.raw.headersSent) return;
    if (reply.raw.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(errorBody(shape, 408, "The request stalled: nothing arrived in time."));
    reply.raw.writeHead(408, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "x-content-type-options": "nosniff",
      connection: "close",
    });
    reply.raw.end(body);
  });
}
