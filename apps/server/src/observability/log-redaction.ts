/**
 * Secrets travel in some URLs: the tokens of mailed links (`?token=`), and the signatures of export links
 * and story media (`sig=`). The request log keeps the path and drops those values, so a log
 * shipped elsewhere opens no account and no private file (SECURITY.md, "What is logged").
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = new Set(['token', 'sig', 'signature', 'code', 'challenge']);
const REDACTED = 'REDACTED';

/** The URL with every secret query value replaced; anything it cannot parse loses its whole query. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  try {
    const params = new URLSearchParams(url.slice(at + 1));
    let changed = false;
    for (const key of new Set(params.keys())) {
      if (SECRET_PARAMS.has(key.toLowerCase())) {
        params.set(key, REDACTED);
        changed = true;
      }
    }
    return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
  } catch {
    return `${url.slice(0, at)}?${REDACTED}`;
  }
}

/** Fastify's own request serializer, with the URL redacted. */
function redactedRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Per logger Fastify was given, its child that serializes `req` redacted. */
const redactingLoggers = new WeakMap<object, object>();

/**
 * Fastify's `childLoggerFactory`: each request's logger serializes `req` with the URL redacted, whichever
 * pino instance the app was given (the configured one, or a test's).
 */
export function redactingChildLogger<L extends { child: (bindings: object, opts: object) => L }>(
  logger: L,
  bindings: object,
  opts: { serializers?: Record<string, unknown> },
): L {
  if (opts.serializers) return logger.child(bindings, { ...opts, serializers: { ...opts.serializers, req: redactedRequest } });
  // Most routes bring no serializers of their own: their requests' loggers are children of one made once per
  // logger with the redacted `req`, which they inherit. A child given serializers costs pino a merge each time.
  let redacting = redactingLoggers.get(logger) as L | undefined;
  if (!redacting) redactingLoggers.set(logger, (redacting = logger.child({}, { serializers: { req: redactedRequest } })));
  return redacting.child(bindings, opts);
}
