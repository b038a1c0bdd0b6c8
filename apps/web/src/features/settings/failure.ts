/** How a failed settings call shows: the server's sentence or the page's fallback, and its complaints on the form's fields. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiErrorPayload } from '../../api/errors';

/** The sentence to show for a failed settings call: the server's, or the page's own fallback. */
export function failureMessage(failure: unknown, fallback: string): string {
  const message = typeof failure === 'object' && failure !== null && 'message' in failure ? failure.message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

/** Puts each of the server's per-field complaints under its field; false when the failure names no field. */
export function showFieldErrors<Form extends FieldValues>(failure: unknown, setError: UseFormSetError<Form>): boolean {
  const details = (failure as Partial<ApiErrorPayload>).details;
  if (!details?.length) return false;
  for (const d of details) setError(d.path as Path<Form>, { message: d.message });
  return true;
}
