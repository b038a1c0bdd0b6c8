/** One line for a person from a failed call's `{ error, message }`. */
import type { ApiErrorPayload } from '../../api/errors';

export type Fallback = { error: string; message: string };

/** A SPEC §8 fallback text used for both fields, so whichever one is shown reads the same. */
export const fallback = (text: string): Fallback => ({ error: text, message: text });

export function errorText(payload: Pick<ApiErrorPayload, 'error' | 'message'> | undefined, fallbackText: string): string {
  if (!payload) return fallbackText;
  if (!payload.message || payload.message === payload.error) return payload.error || fallbackText;
  return `${payload.error}: ${payload.message}`;
}

export const wasCanceled = (payload: ApiErrorPayload | undefined) => payload?.error === 'canceled';
