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
export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, 'Forbidden', message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, 'Not Found', message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message = 'The upload is too large.') {
    super(413, 'Payload Too Large', message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'This file type is not supported.') {
    super(415, 'Unsupported Media Type', message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests. Please slow down.', retryAfterSeconds = 1) {
    super(429, 'Too Many Requests', message, undefined, { retryAfter: retryAfterSeconds });
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Plaza cannot reach its database right now. Please try again in a moment.', retryAfterSeconds = 2) {
    super(503, 'Service Unavailable', message, undefined, { retryAfter: retryAfterSeconds });
  }
}
