/** One line for a person from a failed call's `{ error, message }`, with the fallbacks of product.md § Error texts. */
import type { ApiErrorPayload } from '../api/errors';
import { uiWord, type UiWord } from './ui-words';

type Fallback = { error: string; message: string };

/** A fallback text (product.md § Error texts) used for both fields, so whichever one is shown reads the same. */
export const fallback = (text: string): Fallback => ({ error: text, message: text });

const isPayload = (value: unknown): value is ApiErrorPayload =>
  typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';

/**
 * The `{ error, message }` of a failed RTK Query call, whichever way it arrives: the hook's `error`,
 * what `unwrap()` throws, or what `queryFulfilled` rejects with (`{ error: payload }`).
 */
function apiErrorOf(failure: unknown): ApiErrorPayload | undefined {
  if (isPayload(failure)) return failure;
  if (typeof failure === 'object' && failure !== null && isPayload((failure as { error?: unknown }).error)) {
    return (failure as { error: ApiErrorPayload }).error;
  }
  return undefined;
}

/**
 * Plain sentences for the server's error codes (its `error` is the HTTP status phrase, or 'Validation failed'):
 * a person reads "You are posting a little fast…", never "Too Many Requests: …". The server writes its
 * `message` in the person's language; these, in the shown language, stand in where it gave no sentence.
 */
const STATUS_SENTENCES: Record<string, UiWord> = {
  'Bad Request': 'badRequest',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  'Not Found': 'notHere',
  Conflict: 'conflict',
  Gone: 'notHere',
  'Payload Too Large': 'tooLarge',
  'Unsupported Media Type': 'unsupportedType',
  'Validation failed': 'badRequest',
  'Too Many Requests': 'tooFast',
  'Internal Server Error': 'serverError',
  'Bad Gateway': 'unreachable',
  'Service Unavailable': 'busy',
  'Gateway Timeout': 'tooSlow',
};

/** Whether `error` is a status phrase or code of the server's rather than a sentence meant for people. */
const isCode = (error: string) => error in STATUS_SENTENCES || /^[a-z_]+$/.test(error);

export function errorText(failure: unknown, fallbackText: string): string {
  const payload = apiErrorOf(failure);
  if (!payload) return fallbackText;
  const { error, message } = payload;
  // The server's own sentence says what happened; its status phrase never reaches the screen.
  if (isCode(error))
    return message && message !== error ? message : error in STATUS_SENTENCES ? uiWord(STATUS_SENTENCES[error]) : fallbackText;
  if (!message || message === error) return error || fallbackText;
  return `${error}: ${message}`;
}

/** A repeat of the same request replaced this one (product.md § API conventions): the newer call settles it, so it is no failure. */
export const wasCanceled = (failure: unknown) => apiErrorOf(failure)?.error === 'canceled';
