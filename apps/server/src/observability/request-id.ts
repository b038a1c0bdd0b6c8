/**
 * Request ids. Fastify's request logger carries `reqId` on every line it writes: the request's start and
 * end, and every error a request answers with a 5xx (the error handler logs through it). Behind a
 * balancer that sends `X-Request-Id` (nginx: `$request_id`), the same id ties the balancer's log to ours,
 * and the response's `x-request-id` header gives it to the client for a bug report.
 *
 * Lines the shared logger writes (background work, the rare warning a service logs mid-request) carry no
 * request id: carrying it there took an AsyncLocalStorage, whose promise hooks ran on every promise of
 * the process and cost a chat message 10–20 % of its CPU (docs/decisions/request-ids.md).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const GIVEN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the balancer's id when it sent a sane one, else a fresh one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Every response names its request's id. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
}
