/**
 * Telling a canceled request from a failed one. The axios layer cancels a request when an identical one
 * replaces it (SPEC §7); the replacement settles things, so a canceled one must neither roll back nor warn.
 */
const hasError = (value: unknown): value is { error: unknown } => typeof value === 'object' && value !== null && 'error' in value;

/** For an error payload, as `unwrap()` throws it. */
export const isCanceledError = (error: unknown): boolean => hasError(error) && error.error === 'canceled';

/** For the `{ error }` a failed `queryFulfilled` rejects with. */
export const failureWasCanceled = (failure: unknown): boolean => hasError(failure) && isCanceledError(failure.error);
