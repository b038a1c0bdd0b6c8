/** One line for a person from a failed call's `{ error, message }`, with SPEC §8 fallbacks. */
import type { ApiErrorPayload } from '../api/errors';

type Fallback = { error: string; message: string };

/** A SPEC §8 fallback text used for both fields, so whichever one is shown reads the same. */
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

export function errorText(failure: unknown, fallbackText: string): string {
  const payload = apiErrorOf(failure);
  if (!payload) return fallbackText;
  if (!payload.message || payload.message === payload.error) return payload.error || fallbackText;
  return `${payload.error}: ${payload.message}`;
}

/** A repeat of the same request replaced this one (SPEC §7): the newer call settles it, so it is no failure. */
export const wasCanceled = (failure: unknown) => apiErrorOf(failure)?.error === 'canceled';
