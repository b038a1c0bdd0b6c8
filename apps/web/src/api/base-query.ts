/**
 * RTK Query's door to the network: every endpoint goes through the one API client, so the
 * single refresh with its queue and the cancel of a repeated in-flight request keep working
 * (product.md § Session and tokens, § API conventions).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { api } from './client';
import { ApiRequestError, toErrorPayload, type ApiErrorPayload } from './errors';
import type { QueryParams, UploadProgress } from './transport';
import { uiWord } from '../lib/ui-words';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  params?: QueryParams;
  onUploadProgress?: (event: UploadProgress) => void;
  /** Fallback texts (product.md § Error texts) for this call when the server gives none. */
  fallback?: { error: string; message: string };
  /** Sent as `Idempotency-Key`: the same for every attempt of this request. */
  idempotencyKey?: string;
}

/** Attempts of a keyed write that got no answer, or a gateway's 502/503/504, before the error is shown. */
const KEYED_ATTEMPTS = 3;
const KEYED_RETRY_PAUSE_MS = 1000;

/** No answer at all, or a balancer's: the write may or may not have landed, and the key makes another attempt safe. */
const mayNotHaveLanded = (err: unknown) => {
  if (!(err instanceof ApiRequestError) || err.canceled) return false;
  const status = err.response?.status;
  return status === undefined || status === 502 || status === 503 || status === 504;
};

export const apiBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiErrorPayload> = async (request) => {
  const {
    url,
    method = 'GET',
    body,
    params,
    onUploadProgress,
    fallback,
    idempotencyKey,
  } = typeof request === 'string' ? { url: request } : request;
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await api.request({ url, method, data: body, params, onUploadProgress, headers });
      return { data: res.data };
    } catch (err) {
      if (!idempotencyKey || attempt >= KEYED_ATTEMPTS || !mayNotHaveLanded(err))
        return { error: toErrorPayload(err, fallback ?? { error: 'Request failed', message: uiWord('somethingWrong') }) };
      await new Promise((resolve) => setTimeout(resolve, KEYED_RETRY_PAUSE_MS));
    }
  }
};
