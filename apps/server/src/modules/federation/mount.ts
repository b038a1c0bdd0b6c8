/**
 * Fedify's endpoints in the Fastify app: requests under its paths become web `Request`s for
 * `federation.fetch` (there is no Fastify integration package for Fedify 2), bodies kept as raw bytes so
 * the digest and signature of an inbox POST are checked against exactly what was sent.
 */
import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from '../../security/limits';

const PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*'];

function requestOf(req: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const raw = req.body as Buffer | undefined;
  const body = req.method === 'GET' || req.method === 'HEAD' || !raw ? undefined : new Uint8Array(raw);
  return new Request(new URL(req.url, origin), { method: req.method, headers, body });
}

/** The host of the actor an inbox POST names, read before Fedify fetches anything to check its signature. */
function actorHostOf(raw: Buffer | undefined): string | null {
  try {
    const body = JSON.parse(raw?.toString('utf8') ?? '') as { actor?: unknown };
    const actor = typeof body.actor === 'object' && body.actor !== null ? (body.actor as { id?: unknown }).id : body.actor;
    return typeof actor === 'string' ? new URL(actor).host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * `isBlocked`: whether an admin blocked a server (host[:port]); what it sends is refused with 403 unread.
 * `limits`: the inboxes' budget per server (RATE_LIMITS.inboxPerServer), counted before any key is fetched
 * to check a signature. The server is the one the activity names, which anyone can write: counted with the
 * address it comes from, so a flood forged in a server's name spends only the forger's budget.
 */
export async function mountFederation(
  app: FastifyInstance,
  federation: Federation<void>,
  origin: string,
  isBlocked: (host: string) => Promise<boolean>,
  limits: Limits,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const sender = req.method === 'POST' ? actorHostOf(req.body as Buffer | undefined) : null;
      if (sender && (await isBlocked(sender))) return reply.status(403).type('text/plain').send('This server is blocked here.');
      if (sender) await limits.consume('inboxPerServer', `${sender} ${req.ip}`);
      const response = await federation.fetch(requestOf(req, origin), {
        contextData: undefined,
        onNotFound: () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }),
        onNotAcceptable: () => new Response('Not acceptable', { status: 406, headers: { 'content-type': 'text/plain' } }),
      });
      reply.status(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };
    for (const url of PATHS) scope.route({ method: ['GET', 'POST'], url, handler });
  });
}
