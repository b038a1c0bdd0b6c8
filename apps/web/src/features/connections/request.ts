/** What the people slices share about a request: the SPEC §4 states and a rejection carrying the SPEC §8 text. */
import { isCanceled, toErrorPayload, type ApiErrorPayload } from '../../api/errors';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export type PeopleRejection = ApiErrorPayload & { canceled: boolean };

/**
 * `error` is always the SPEC §8 text of the call (what the slice shows); `message` keeps the server's
 * sentence when it gave one. A request canceled as a duplicate is flagged so no slice treats it as a failure.
 */
export function rejection(err: unknown, fallback: string): PeopleRejection {
  return { ...toErrorPayload(err, { error: fallback, message: fallback }), error: fallback, canceled: isCanceled(err) };
}
