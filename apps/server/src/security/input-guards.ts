/**
 * Input no route can use, refused with a 400 before it reaches a query: control characters in the
 * address, NUL in a JSON body; and the parser errors of broken multipart bodies, which would otherwise
 * surface as 500s. (PostgreSQL rejects NUL in text; SQLite's full-text search chokes on it.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError, HttpError, sentence, UnsupportedMediaTypeError } from '../lib/errors';

/** C0 controls and DEL percent-encoded, and C1 controls percent-encoded as UTF-8. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/** Control characters in the address, raw (as a lenient parser or `inject` may pass them) or encoded. */
function hasControlCharacter(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return ENCODED_CONTROL.test(url);
}

/** What @fastify/busboy throws for a body it cannot parse (plain `Error`s, no status code). */
const MULTIPART_PARSE_ERROR = /^Multipart: |unexpected end of multipart data|Malformed part header/i;
/** PostgreSQL: "invalid byte sequence" and "untranslatable character", raised for NUL in text. */
const PG_BAD_CHARACTER = new Set(['22021', '22P05']);

export function installInputGuards(app: FastifyInstance): void {
  // Callback hooks, not async ones: every request passes both, and an async hook costs each a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    done(hasControlCharacter(request.url) ? new BadRequestError(sentence('error.input.controlCharacters')) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const body: unknown = request.body;
    done(body !== null && typeof body === 'object' && containsNul(body) ? new BadRequestError(sentence('error.input.nul')) : undefined);
  });
}

/** Iterative, so a deeply nested body cannot overflow the stack. */
function containsNul(root: object): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The client's mistake behind an error thrown past the guards, or null when the error is ours. */
export function inputRefusal(err: unknown, request: FastifyRequest): HttpError | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new UnsupportedMediaTypeError(sentence('error.input.multipart'));
  if (typeof code === 'string' && PG_BAD_CHARACTER.has(code)) return new BadRequestError(sentence('error.input.badCharacter'));
  const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
  if (multipart && err.constructor === Error && MULTIPART_PARSE_ERROR.test(err.message)) {
    return new BadRequestError(
      sentence(err.message.startsWith('Multipart: ') ? 'error.input.noBoundary' : 'error.input.malformedMultipart'),
    );
  }
  return null;
}
