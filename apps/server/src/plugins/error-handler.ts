/**
 * Maps every thrown error (ours, zod's, Fastify's, multipart's) to the contract's envelope. Never leaks internals.
 * `message` is written in the reader's language (request-language.ts); `error`, the status and `details` never change.
 */
import type { Language } from '@plaza/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { transientCause } from '../db/retry';
import type { Metrics } from '../observability/metrics';
import { HttpError, ServiceUnavailableError, StorageUnavailableError, type Sentence } from '../lib/errors';
import { inputRefusal } from '../security/input-guards';
import { translator, type TextKey } from '../texts';
import { requestLanguage, type LanguageOf } from './request-language';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

const MESSAGE_BY_CODE: Record<string, Sentence['key']> = {
  FST_REQ_FILE_TOO_LARGE: 'error.body.fileTooLarge',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.body.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.body.contentType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.body.empty',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'error.body.multipart',
  FST_FILES_LIMIT: 'error.body.tooManyFiles',
  FST_PARTS_LIMIT: 'error.body.tooManyParts',
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.body.invalidJson',
};

/** Why a request failed on our side, for `plaza_errors_total`; null for the caller's own mistakes (4xx). */
function causeOf(err: unknown): string | null {
  if (err instanceof StorageUnavailableError) return 'storage';
  const transient = transientCause(err);
  if (transient) return transient;
  if (isDatabaseUnavailable(err))
    return /timeout|cancel/i.test((err as Error).message) || (err as { code?: unknown }).code === '57014' ? 'timeout' : 'unavailable';
  return null;
}

/** The HttpError's sentence in the reader's language; a field detail that repeats it is written with it. */
function localized(err: HttpError, language: Language) {
  if (!err.sentence) return { message: err.message, details: err.details };
  const message = translator(language)(err.sentence.key, err.sentence.values);
  return { message, details: err.details?.map((d) => (d.message === err.message ? { ...d, message } : d)) };
}

/** `languageOf` reads a signed-in person's saved language (app.ts); without it, the header alone decides. */
export function installErrorHandler(app: FastifyInstance, metrics?: Metrics, languageOf?: LanguageOf): void {
  app.setErrorHandler(async (err: FastifyError | HttpError | ZodError, request, reply) => {
    const cause = causeOf(err);
    if (cause) metrics?.errorsByCause.inc({ cause });
    let dbDown = false;
    if (transientCause(err)) {
      // Still colliding after the write path's retries (db/retry.ts): worth another try later, not a 500.
      request.log.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'transaction kept colliding');
      err = new ServiceUnavailableError();
    }
    if (isDatabaseUnavailable(err)) {
      // Logged without the stack: during an outage every request meets the same cause.
      request.log.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'database unavailable');
      err = new ServiceUnavailableError();
      dbDown = true;
    }
    // The saved language is not asked of a database that is down.
    const languageFor = () => requestLanguage(request, dbDown ? undefined : languageOf);
    const t = async () => translator(await languageFor());
    if (err instanceof HttpError) {
      if (typeof err.extra.retryAfter === 'number') reply.header('Retry-After', String(err.extra.retryAfter));
      const { retryAfter: _r, ...extra } = err.extra;
      const { message, details } = err.sentence ? localized(err, await languageFor()) : err;
      return reply.status(err.statusCode).send({
        success: false,
        error: err.error,
        message,
        ...(details ? { details } : {}),
        ...extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: String(v.instancePath).split('/').filter(Boolean).join('.') || String(err.validationContext),
        message: v.message ?? 'Invalid value',
      }));
      const say = await t();
      return reply.status(400).send({
        success: false,
        error: 'Validation failed',
        message: details[0]
          ? say('error.validation.field', { field: details[0].path, problem: details[0].message })
          : say('error.validation.request'),
        details,
      });
    }
    if (err instanceof ZodError) {
      const details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const say = await t();
      return reply.status(400).send({
        success: false,
        error: 'Validation failed',
        message: details[0] ? say('error.validation.input', { problem: details[0].message }) : say('error.validation.invalid'),
        details,
      });
    }
    const refused = inputRefusal(err, request);
    if (refused) {
      const { message } = localized(refused, await languageFor());
      return reply.status(refused.statusCode).send({ success: false, error: refused.error, message });
    }
    const status = err.statusCode;
    if (status && status >= 400 && status < 500) {
      const key: TextKey | undefined = err.code ? MESSAGE_BY_CODE[err.code] : undefined;
      return reply.status(status).send({
        success: false,
        error: STATUS_TEXT[status] ?? 'Request error',
        message: key ? (await t())(key) : err.message || 'The request could not be handled.',
      });
    }
    request.log.error({ err }, 'unhandled error');
    metrics?.errorsByCause.inc({ cause: 'internal' });
    return reply.status(500).send({ success: false, error: 'Internal Server Error', message: (await t())('error.internal') });
  });
}

export function notFoundBody(request: FastifyRequest) {
  return { success: false, error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` };
}
