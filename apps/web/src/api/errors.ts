/** Turns an axios failure into the `{ error, message }` a slice stores, with SPEC §8 fallbacks. */
import axios from 'axios';

export interface ApiErrorPayload {
  error: string;
  message: string;
  status?: number;
  details?: Array<{ path: string; message: string }>;
}

export const NETWORK_ERROR: ApiErrorPayload = { error: 'Network error occurred', message: 'Unable to connect to the server' };

export function toErrorPayload(err: unknown, fallback: { error: string; message: string }): ApiErrorPayload {
  if (axios.isAxiosError(err)) {
    if (!err.response) return axios.isCancel(err) ? { ...fallback, error: 'canceled' } : NETWORK_ERROR;
    const body = err.response.data as Partial<ApiErrorPayload> | undefined;
    return {
      error: typeof body?.error === 'string' ? body.error : fallback.error,
      message: typeof body?.message === 'string' ? body.message : fallback.message,
      status: err.response.status,
      details: Array.isArray(body?.details) ? body.details : undefined,
    };
  }
  return { ...fallback };
}
