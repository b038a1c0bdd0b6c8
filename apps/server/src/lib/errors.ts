/** One error type for the whole server; the error handler maps it to the contract's envelope. */
import type { ErrorEnvelope } from '@plaza/contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message?: string,
    readonly details?: ErrorEnvelope['details'],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? error);
  }
}

/** The HttpError of one status whose message has a default. */
function statusError(statusCode: number, error: string, defaultMessage: string) {
  return class extends HttpError {
    constructor(message = defaultMessage) {
      super(statusCode, error, message);
    }
  };
}

/** The HttpError of a status that tells the client how many seconds to wait before it tries again. */
function retryLaterError(statusCode: number, error: string, defaultMessage: string, defaultRetryAfterSeconds: number) {
  return class extends HttpError {
    constructor(message = defaultMessage, retryAfterSeconds = defaultRetryAfterSeconds) {
      super(statusCode, error, message, undefined, { retryAfter: retryAfterSeconds });
    }
  };
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: ErrorEnvelope['details']) {
    super(400, 'Bad Request', message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required', extra: Record<string, unknown> = {}, error = 'Unauthorized') {
    super(401, error, message, undefined, extra);
  }
}
export class ForbiddenError extends statusError(403, 'Forbidden', 'You are not allowed to do that.') {}
export class NotFoundError extends statusError(404, 'Not Found', 'Not found.') {}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}
export class PayloadTooLargeError extends statusError(413, 'Payload Too Large', 'The upload is too large.') {}
export class UnsupportedMediaTypeError extends statusError(415, 'Unsupported Media Type', 'This file type is not supported.') {}
export class TooManyRequestsError extends retryLaterError(429, 'Too Many Requests', 'Too many requests. Please slow down.', 1) {}
/** The media storage cannot take a file (a folder that cannot be written, a full disk): the upload can wait, the rest works. */
export class StorageUnavailableError extends retryLaterError(
  503,
  'Service Unavailable',
  'Plaza cannot store uploaded files right now. Please try again later; posts without images still work.',
  30,
) {}
export class ServiceUnavailableError extends retryLaterError(
  503,
  'Service Unavailable',
  'Plaza cannot reach its database right now. Please try again in a moment.',
  2,
) {}
