/**
 * The queues as admins see them, at `/admin/queues` (outside `/api/v1`, hidden from the API document):
 * with BullMQ, the bull-board dashboard (counts, jobs, the dead-letter list, retry and clean); with the
 * database queue, a read-only JSON of the same counts and the dead-letter list. A job's data shows as
 * its field names in the JSON, and a mail as whom and what on the board: its text holds one-time links.
 * Admins only: the access token comes as `Authorization: Bearer …`, or, for a browser opening the page, as the cookie that
 * `POST /admin/queues/session` sets from that header (HttpOnly, SameSite=Strict, this path only, for the
 * token's own lifetime).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { bearerToken } from '../plugins/authenticate';
import type { AnyJobs } from './index';
import { QUEUE_NAMES } from './jobs';

export const QUEUE_BOARD_PATH = '/admin/queues';
const COOKIE = 'plaza_queues';
const DEAD_LETTERS_SHOWN = 50;

export interface BoardAccess {
  /** Whether the access token is valid and its holder an admin; null for a token that is not valid at all. */
  isAdmin(accessToken: string): Promise<boolean | null>;
}

function cookieToken(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE && value.length) return decodeURIComponent(value.join('='));
  }
  return null;
}

const envelope = (error: string, message: string) => ({ success: false, error, message });

export async function registerQueueBoard(app: FastifyInstance, jobs: AnyJobs, access: BoardAccess): Promise<void> {
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization) ?? cookieToken(request.headers.cookie);
    const admin = token ? await access.isAdmin(token).catch(() => null) : null;
    // Answered here: bull-board's own error handler would shape a thrown error its way.
    if (admin === null) return reply.status(401).send(envelope('Unauthorized', 'Please log in as an admin to see the queues.'));
    if (!admin) return reply.status(403).send(envelope('Forbidden', 'Only admins may see the queues.'));
  }

  await app.register(
    async (board) => {
      board.addHook('onRequest', guard);
      board.post('/session', { schema: { hide: true } }, async (request, reply) => {
        const token = bearerToken(request.headers.authorization);
        if (!token) return reply.status(401).send(envelope('Unauthorized', 'Send the access token in the Authorization header.'));
        const secure = request.protocol === 'https' ? '; Secure' : '';
        // Verified by the guard already; the cookie lives no longer than the token itself.
        const maxAge = Math.max(0, Math.floor((decodeJwt(token).exp ?? 0) - Date.now() / 1000));
        void reply.header(
          'set-cookie',
          `${COOKIE}=${encodeURIComponent(token)}; Path=${QUEUE_BOARD_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
        );
        return { success: true };
      });
      if (jobs.engine === 'bullmq') {
        // Loaded only with BullMQ: a server on the database queue never loads the board.
        const { registerBullBoard } = await import('./bull-board');
        await registerBullBoard(board, jobs, QUEUE_BOARD_PATH);
        return;
      }
      board.get('/', { schema: { hide: true } }, async (_request, reply) => {
        const [queues, dead] = await Promise.all([
          jobs.stats(),
          Promise.all(QUEUE_NAMES.map(async (q) => [q, await jobs.deadLetters(q, DEAD_LETTERS_SHOWN)] as const)),
        ]);
        void reply.header('cache-control', 'no-store');
        return { success: true, engine: jobs.engine, queues, deadLetters: Object.fromEntries(dead) };
      });
    },
    { prefix: QUEUE_BOARD_PATH },
  );
}
