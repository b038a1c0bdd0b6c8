/** A failed request, and the `{ error, message }` a slice stores for it, with the fallbacks of product.md § Error texts. */

export interface ApiErrorPayload {
  error: string;
  message: string;
  status?: number;
  details?: Array<{ path: string; message: string }>;
}

export const NETWORK_ERROR: ApiErrorPayload = { error: 'Network error occurred', message: 'Unable to connect to the server' };

/**
 * What `api` rejects with: `response` when the server answered outside 2xx; without it the request never
 * got an answer, either `canceled` (an identical request replaced it, or its caller aborted it) or not
 * (network down, timed out).
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly response?: { status: number; data: unknown },
    readonly canceled = false,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function toErrorPayload(err: unknown, fallback: { error: string; message: string }): ApiErrorPayload {
  if (err instanceof ApiRequestError) {
    if (!err.response) return err.canceled ? { ...fallback, error: 'canceled' } : NETWORK_ERROR;
    const body = err.response.data as Partial<ApiErrorPayload> | null | undefined;
    return {
      error: typeof body?.error === 'string' ? body.error : fallback.error,
      message: typeof body?.message === 'string' ? body.message : fallback.message,
      status: err.response.status,
      details: Array.isArray(body?.details) ? body.details : undefined,
    };
  }
  return { ...fallback };
}
