/**
 * RTK Query's door to the network: every endpoint goes through the one axios instance, so SPEC §8's
 * single refresh with its queue and the cancel of a repeated in-flight request keep working.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosProgressEvent, Method } from 'axios';
import { api } from './client';
import { toErrorPayload, type ApiErrorPayload } from './errors';

export interface ApiRequest {
  url: string;
  method?: Method;
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  /** SPEC §8 fallback texts for this call when the server gives none. */
  fallback?: { error: string; message: string };
}

const DEFAULT_FALLBACK = { error: 'Request failed', message: 'Something went wrong. Please try again.' };

export const axiosBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiErrorPayload> = async (request) => {
  const { url, method = 'GET', body, params, onUploadProgress, fallback } = typeof request === 'string' ? { url: request } : request;
  try {
    const res = await api.request({ url, method, data: body, params, onUploadProgress });
    return { data: res.data as unknown };
  } catch (err) {
    return { error: toErrorPayload(err, fallback ?? DEFAULT_FALLBACK) };
  }
};
