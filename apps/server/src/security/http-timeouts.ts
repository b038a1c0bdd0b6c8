/**
 * Slow-client limits of the HTTP server: the headers, then the whole request, must arrive in time, so a
 * client dripping bytes (slowloris) is cut instead of holding a connection and a file descriptor forever.
 */
import type { ServerOptions } from 'node:http';

export interface HttpTimeouts {
  /** From the first byte to the last byte of the body, uploads included. */
  requestMs: number;
  headersMs: number;
  /** How long an idle kept-alive connection waits for its next request. */
  keepAliveMs: number;
}

export function httpTimeouts(seconds: { request: number; headers: number; keepAlive: number }): HttpTimeouts {
  const requestMs = Math.round(seconds.request * 1000);
  return {
    requestMs,
    // Node refuses a headers deadline later than the request's.
    headersMs: Math.min(Math.round(seconds.headers * 1000), requestMs),
    keepAliveMs: Math.round(seconds.keepAlive * 1000),
  };
}

/** Fastify's options for these limits (`http` goes to Node's `createServer`). */
export function serverTimeoutOptions(t: HttpTimeouts): { requestTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  // Node checks both deadlines on a timer, every 30 s unless told; a deadline overruns by up to that much.
  const checkEveryMs = Math.min(5000, Math.max(100, Math.round(t.headersMs / 4)));
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { requestTimeout: t.requestMs, headersTimeout: t.headersMs, connectionsCheckingInterval: checkEveryMs },
  };
}
