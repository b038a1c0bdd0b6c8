/** Maps every thrown error (ours, zod's, Fastify's, multipart's) to the contract's envelope. Never leaks internals. */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { transientCause } from '../db/retry';
import type { Metrics } from '../observability/metrics';
import { HttpError, ServiceUnavailableError, StorageUnavailableError } from '../lib/errors';
import { inputRefusal } from '../security/input-guards';

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

const MESSAGE_BY_CODE: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body must not be empty.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This request must be sent as multipart/form-data.',
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
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

export function installErrorHandler(app: FastifyInstance, metrics?: Metrics): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, request, reply) => {
    const cause = causeOf(err);
    if (cause) metrics?.errorsByCause.inc({ cause });
    if (transientCause(err)) {
      // Still colliding after the write path's retries (db/retry.ts): worth another try later, not a 500.
      request.log.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'transaction kept colliding');
      err = new ServiceUnavailableError();
    }
    if (isDatabaseUnavailable(err)) {
      // Logged without the stack: during an outage every request meets the same cause.
      request.log.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'database unavailable');
      err = new ServiceUnavailableError();
    }
    if (err instanceof HttpError) {
      if (typeof err.extra.retryAfter === 'number') reply.header('Retry-After', String(err.extra.retryAfter));
      const { retryAfter: _r, ...extra } = err.extra;
      return reply.status(err.statusCode).send({
        success: false,
        error: err.error,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
        ...extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: String(v.instancePath).split('/').filter(Boolean).join('.') || String(err.validationContext),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        success: false,
        error: 'Validation failed',
        message: details[0] ? `${details[0].path}: ${details[0].message}` : 'The request is not valid.',
        details,
      });
    }
    if (err instanceof ZodError) {
      const details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply
        .status(400)
        .send({ success: false, error: 'Validation failed', message: details[0]?.message ?? 'Invalid input', details });
    }
    const refused = inputRefusal(err, request);
    if (refused) return reply.status(refused.statusCode).send({ success: false, error: refused.error, message: refused.message });
    const status = err.statusCode;
    if (status && status >= 400 && status < 500) {
      const code = err.code;
      return reply.status(status).send({
        success: false,
        error: STATUS_TEXT[status] ?? 'Request error',
        message: (code && MESSAGE_BY_CODE[code]) || err.message || 'The request could not be handled.',
      });
    }
    request.log.error({ err }, 'unhandled error');
    metrics?.errorsByCause.inc({ cause: 'internal' });
    return reply
      .status(500)
      .send({ success: false, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
  });
}

export function notFoundBody(request: FastifyRequest) {
  return { success: false, error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` };
}
