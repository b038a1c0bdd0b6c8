/**
 * Security headers (helmet's set, with a real Content-Security-Policy for the web app). The headers
 * never vary by request, so helmet computes them once at start, into a recorder, and every reply gets a
 * copy. `@fastify/helmet` builds helmet's middleware anew on every request: measured, that halved the
 * throughput of a trivial endpoint (docs/decisions/server-boundaries.md), so Plaza does not use it.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** Registered before any route, so API replies, static files and 404s all carry the headers. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
