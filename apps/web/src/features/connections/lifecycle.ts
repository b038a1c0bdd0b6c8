/**
 * What a request's follow-up (a rollback, a correction written into the cache, a toast) must check first,
 * since it runs only when the answer arrives:
 * - whether the request was canceled: by the API client because an identical one replaced it (product.md § API conventions),
 *   and the replacement settles things; or by the cache, which aborts what is in flight when it starts
 *   over for a session change. Either way it must neither roll back nor warn;
 * - whether the person who made it is still the one signed in: after a logout and someone else's login
 *   the cache is theirs, and nothing of the previous session may be written into it.
 */
const hasError = (value: unknown): value is { error: unknown } => typeof value === 'object' && value !== null && 'error' in value;

const wasAborted = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/** For an error payload, as `unwrap()` throws it. */
export const isCanceledError = (error: unknown): boolean => (hasError(error) && error.error === 'canceled') || wasAborted(error);

/** For the `{ error }` a failed `queryFulfilled` rejects with. */
export const failureWasCanceled = (failure: unknown): boolean => hasError(failure) && isCanceledError(failure.error);

/** The slice of the store this reads: the lifecycle's `getState` is typed for the cache alone. */
interface WithSession {
  auth?: { userDetails?: { _id: string } | null };
}

const sessionUserOf = (state: unknown): string | null => (state as WithSession).auth?.userDetails?._id ?? null;

/** Call when a request starts; the returned check says whether the same person is still signed in. */
export function sameSession(getState: () => unknown): () => boolean {
  const startedBy = sessionUserOf(getState());
  return () => sessionUserOf(getState()) === startedBy;
}
