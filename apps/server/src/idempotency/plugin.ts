/**
 * `Idempotency-Key` on the writes a client may have to repeat without knowing whether the first attempt
 * landed (a reply lost to a cut connection, a 502 from the balancer): the operations the contract marks
 * `idempotent`. The first request with a key takes it (a row per person and key); its answer, unless a
 * 5xx or a 429, is kept a day, and a repeat gets that answer again (header `Idempotent-Replayed: true`)
 * without running. A repeat that arrives while the first is still running waits for its answer (the first
 * says every 2 s that it is still running; a key not heard of for 8 s is taken over). A write marks its key
 * in its own transaction (keyed-write.ts): a repeat that takes over a key whose write committed but whose
 * answer was never kept runs its route to answer that write again, and writes nothing. The same
 * key for a different write (another URL, or another JSON body) is refused with 409: the client reused a
 * key it should not have. A multipart body (a post's images) is read as a stream by its handler, so only
 * its URL is compared. Keys are per person: another person's key never meets yours.
 *
 * Installed once on the app, before the routes: every route of a marked operation gets the two hooks.
 */
import { operations, type Operation } from '@plaza/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db';
import { BadRequestError, ConflictError, sentence } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { holdKeyedWrite } from './keyed-write';
import { idempotencyRepo, type KeyRow } from './repo';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept for repeats. */
export const KEEP_MS = 24 * 60 * 60_000;
/** How often a request still running says so, by moving its key's `created_at` forward. */
const HEARTBEAT_MS = 2000;
/**
 * A key unanswered and not heard of for this long was left by a request that is gone: its process died
 * (kill -9, a crash), or it could not let the key go because the database was away. The next repeat runs.
 * A request still running (a slow upload) keeps its key by the heartbeat, however long it takes.
 */
const ABANDONED_MS = 8000;
/** How long a repeat waits for the first request's answer before it is told to try again later. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

const idempotentIds = new Set(
  Object.values(operations as Record<string, Operation>)
    .filter((op) => op.idempotent)
    .map((op) => op.operationId),
);

interface Claim {
  userId: string;
  key: string;
  heartbeat: NodeJS.Timeout;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (request.body !== undefined) hash.update(JSON.stringify(request.body));
  return hash.digest('base64url');
}

// Long: the hooks of one plugin; each is short and they share the claims held here.
export function installIdempotency(app: FastifyInstance, db: Db, log: Logger): void {
  const repo = idempotencyRepo(db);
  const claims = new WeakMap<FastifyRequest, Claim>();

  const hold = (request: FastifyRequest, userId: string, key: string, result: string | null) => {
    const heartbeat = setInterval(() => {
      // A missed beat or two is harmless: the key counts as abandoned only after several.
      repo.touch(userId, key, new Date().toISOString()).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    claims.set(request, { userId, key, heartbeat });
    holdKeyedWrite(request, { userId, key, result });
  };
  /** The request's claim, no longer kept alive: answered, or ended without an answer. */
  const letGo = (request: FastifyRequest): Claim | undefined => {
    const claim = claims.get(request);
    if (!claim) return undefined;
    clearInterval(claim.heartbeat);
    claims.delete(request);
    return claim;
  };

  const replay = (reply: FastifyReply, row: KeyRow) =>
    reply
      .status(row.status_code ?? 500)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(row.response);

  /** Takes the key, or answers the repeat: the first answer, a wait for it, or a refusal. */
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw new BadRequestError(sentence('error.idempotency.badKey'));
    const userId = request.auth?.userId;
    if (!userId) return;
    const fingerprint = fingerprintOf(request);
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const now = new Date();
      if (await repo.claim(userId, key, fingerprint, now.toISOString())) {
        hold(request, userId, key, null);
        return;
      }
      const row = await repo.find(userId, key);
      if (!row) continue; // Released or swept meanwhile: claim it again.
      const age = now.getTime() - Date.parse(row.created_at);
      const expired = age > KEEP_MS;
      // A key whose write committed stays bound to what it was for, answered or not.
      const abandoned = row.status_code === null && age > ABANDONED_MS && (row.result === null || row.fingerprint === fingerprint);
      if (expired || abandoned) {
        if (await repo.takeOver(row, fingerprint, now.toISOString(), expired)) {
          const result = expired ? null : row.result;
          if (result !== null) reply.header('idempotent-replayed', 'true');
          hold(request, userId, key, result);
          return;
        }
        continue;
      }
      if (row.fingerprint !== fingerprint) throw new ConflictError(sentence('error.idempotency.otherRequest'));
      if (row.status_code !== null) return replay(reply, row);
      if (Date.now() >= waitUntil) throw new ConflictError(sentence('error.idempotency.stillRunning'));
      await sleep(POLL_MS);
    }
  };

  /** Keeps the first answer, or lets the key go when the answer is not one to repeat. */
  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const claim = letGo(request);
    if (!claim) return payload;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (status >= 500 || status === 429 || body === null) await repo.release(claim.userId, claim.key);
      else await repo.complete(claim.userId, claim.key, status, body);
    } catch (err) {
      // The answer still goes out; a repeat finds the key unanswered and, once it counts as abandoned, runs again.
      log.warn({ err }, 'could not keep the answer of a keyed request');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const id = route.schema?.operationId;
    if (!id || !idempotentIds.has(id)) return;
    // After the route's own pre-handlers (its rate limit): a refused request takes no key.
    route.preHandler = [...[route.preHandler ?? []].flat(), preHandler];
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
    // A request that ends without an answer sent (its client went away first) stops its heartbeat too.
    route.onResponse = [...[route.onResponse ?? []].flat(), async (request) => void letGo(request)];
    route.onRequestAbort = [...[route.onRequestAbort ?? []].flat(), async (request) => void letGo(request)];
  });
}

const SWEEP_EVERY_MS = 10 * 60_000;

/** Deletes the keys older than a day, shortly after start and then every ten minutes; returns the stop function. */
export function startIdempotencySweep(db: Db, log: Logger): () => void {
  const repo = idempotencyRepo(db);
  let stopped = false;
  const run = () => {
    repo.sweep(new Date(Date.now() - KEEP_MS).toISOString()).catch((err: unknown) => {
      if (!stopped) log.warn({ err }, 'idempotency key sweep failed');
    });
  };
  const first = setTimeout(run, 30_000).unref();
  const timer = setInterval(run, SWEEP_EVERY_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
