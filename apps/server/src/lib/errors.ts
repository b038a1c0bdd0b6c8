/** One error type for the whole server; the error handler maps it to the contract's envelope. */
import type { ErrorEnvelope } from '@plaza/contract';
import { translator, type TextKey, type Values } from '../texts';

/** A sentence of the texts catalogs (`error.*`): the error handler writes it in the language of whoever asked. */
export interface Sentence {
  key: Extract<TextKey, `error.${string}`>;
  values?: Values;
}
export const sentence = (key: Sentence['key'], values?: Values): Sentence => ({ key, values });

/** What an error says: a catalog sentence, or plain English (the operator's CLI, the media checks, zod's own texts). */
type ErrorMessage = string | Sentence;

const english = translator('en');
const englishOf = (message: ErrorMessage) => (typeof message === 'string' ? message : english(message.key, message.values));

export class HttpError extends Error {
  /** The catalog sentence `message` is the English of, when it has one. */
  readonly sentence: Sentence | undefined;
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message?: ErrorMessage,
    readonly details?: ErrorEnvelope['details'],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message === undefined ? error : englishOf(message));
    this.sentence = typeof message === 'object' ? message : undefined;
  }
}

/** The HttpError of one status whose message has a default. */
function statusError(statusCode: number, error: string, defaultMessage: Sentence) {
  return class extends HttpError {
    constructor(message: ErrorMessage = defaultMessage) {
      super(statusCode, error, message);
    }
  };
}

/** The HttpError of a status that tells the client how many seconds to wait before it tries again. */
function retryLaterError(statusCode: number, error: string, defaultMessage: Sentence, defaultRetryAfterSeconds: number) {
  return class extends HttpError {
    constructor(message: ErrorMessage = defaultMessage, retryAfterSeconds = defaultRetryAfterSeconds) {
      super(statusCode, error, message, undefined, { retryAfter: retryAfterSeconds });
    }
  };
}

export class BadRequestError extends HttpError {
  constructor(message: ErrorMessage, details?: ErrorEnvelope['details']) {
    super(400, 'Bad Request', message, details);
  }
}
/** A 400 about one field whose detail says the same sentence (the error handler writes both in the reader's language). */
export const fieldError = (path: string, message: ErrorMessage) => new BadRequestError(message, [{ path, message: englishOf(message) }]);
export class UnauthorizedError extends HttpError {
  constructor(message: ErrorMessage = sentence('error.unauthorized'), extra: Record<string, unknown> = {}, error = 'Unauthorized') {
    super(401, error, message, undefined, extra);
  }
}
export class ForbiddenError extends statusError(403, 'Forbidden', sentence('error.forbidden')) {}
export class NotFoundError extends statusError(404, 'Not Found', sentence('error.notFound')) {}
export class ConflictError extends HttpError {
  constructor(message: ErrorMessage) {
    super(409, 'Conflict', message);
  }
}
export class PayloadTooLargeError extends statusError(413, 'Payload Too Large', sentence('error.tooLarge')) {}
export class UnsupportedMediaTypeError extends statusError(415, 'Unsupported Media Type', sentence('error.unsupportedType')) {}
export class TooManyRequestsError extends retryLaterError(429, 'Too Many Requests', sentence('error.tooMany'), 1) {}
/** The media storage cannot take a file (a folder that cannot be written, a full disk): the upload can wait, the rest works. */
export class StorageUnavailableError extends retryLaterError(503, 'Service Unavailable', sentence('error.storageUnavailable'), 30) {}
export class ServiceUnavailableError extends retryLaterError(503, 'Service Unavailable', sentence('error.databaseUnavailable'), 2) {}
