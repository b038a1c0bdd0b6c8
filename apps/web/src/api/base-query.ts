/**
 * RTK Query's door to the network: every endpoint goes through the one API client, so SPEC §8's
 * single refresh with its queue and the cancel of a repeated in-flight request keep working.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { api } from './client';
import { toErrorPayload, type ApiErrorPayload } from './errors';
import type { QueryParams, UploadProgress } from './transport';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  params?: QueryParams;
  onUploadProgress?: (event: UploadProgress) => void;
  /** SPEC §8 fallback texts for this call when the server gives none. */
  fallback?: { error: string; message: string };
}

const DEFAULT_FALLBACK = { error: 'Request failed', message: 'Something went wrong. Please try again.' };

export const apiBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiErrorPayload> = async (request) => {
  const { url, method = 'GET', body, params, onUploadProgress, fallback } = typeof request === 'string' ? { url: request } : request;
  try {
    const res = await api.request({ url, method, data: body, params, onUploadProgress });
    return { data: res.data };
  } catch (err) {
    return { error: toErrorPayload(err, fallback ?? DEFAULT_FALLBACK) };
  }
};
