/**
 * Request ids in every log line. Fastify's request logger carries `reqId` already; what a request sets
 * off through the shared logger (services, domain-event subscribers, background work it started) runs in
 * the request's async context, and the logger's mixin adds the id from there. Behind a balancer that
 * sends `X-Request-Id` (nginx: `$request_id`), the same id ties the balancer's log to ours.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const context = new AsyncLocalStorage<{ reqId: string }>();
/** Request loggers bind `reqId` themselves: the mixin leaves them alone (no key twice). */
const requestLoggers = new WeakSet<object>();

const GIVEN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the balancer's id when it sent a sane one, else a fresh one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** pino's `mixin`: the current request's id, for lines logged outside its own logger. */
export function requestIdMixin(_merge: object, _level: number, logger: object): object {
  const store = context.getStore();
  return store && !requestLoggers.has(logger) ? { reqId: store.reqId } : {};
}

export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    requestLoggers.add(req.log);
    void reply.header('x-request-id', req.id);
    context.run({ reqId: req.id }, done);
  });
}
