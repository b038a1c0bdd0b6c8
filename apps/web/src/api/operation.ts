/**
 * Requests built from the contract's operations: an endpoint names the operation it calls, and its URL,
 * method, path parameters, query and body are taken from (and type-checked against) that declaration.
 */
import { operationUrl, type Operation, type OperationBody, type OperationParams, type OperationQuery } from '@plaza/contract';
import { randomId } from '../lib/random-id';
import type { ApiRequest } from './base-query';
import type { UploadProgress } from './transport';

/** `Record<string, never>` is assignable to an object type exactly when none of its keys is required. */
type AllOptional<T> = Record<string, never> extends T ? true : false;

type ParamsPart<Op extends Operation> = Op extends { params: object } ? { params: OperationParams<Op> } : { params?: undefined };

type QueryPart<Op extends Operation> = Op extends { querystring: object }
  ? AllOptional<OperationQuery<Op>> extends true
    ? { query?: OperationQuery<Op> }
    : { query: OperationQuery<Op> }
  : { query?: undefined };

type BodyPart<Op extends Operation> = Op extends { body: object } ? { body: OperationBody<Op> } : { body?: undefined };

/** A multipart operation takes its declared form fields; they are sent as FormData in the order written. */
type FormPart<Op extends Operation> = Op extends { multipart: object }
  ? { form: OperationBody<Op>; onUploadProgress?: (event: UploadProgress) => void }
  : { form?: undefined };

/** What a call of `Op` sends, each part required exactly when the operation declares it as required. */
export type OperationInput<Op extends Operation> = ParamsPart<Op> &
  QueryPart<Op> &
  BodyPart<Op> &
  FormPart<Op> & {
    /** Fallback texts (product.md § Error texts) for this call when the server gives none. */
    fallback?: ApiRequest['fallback'];
  };

/** The input may be left out when the operation needs none. */
type InputArgs<Op extends Operation> =
  AllOptional<OperationInput<Op>> extends true ? [input?: OperationInput<Op>] : [input: OperationInput<Op>];

type FormValue = string | Blob;

/** Form fields as multipart parts: a list is one part per item under the same name, an absent field none. */
export function toFormData(fields: Readonly<Record<string, FormValue | readonly FormValue[] | undefined>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? (value as readonly FormValue[]) : [value as FormValue]) form.append(name, item);
  }
  return form;
}

/** The URL of a call of `op` relative to `/api/v1`, its path parameters filled in and encoded. */
export function operationPath<Op extends Operation>(
  op: Op,
  ...[params]: Op extends { params: object } ? [params: OperationParams<Op>] : [params?: undefined]
): string {
  return operationUrl(op, params);
}

/**
 * The request `apiBaseQuery` sends for a call of `op`. A call of an idempotent operation (a post, a
 * comment, a reaction, a friend request) gets a key of its own: one user action, one key, which every
 * retry of that request sends again, so a retry after a lost answer cannot write twice.
 */
export function operationRequest<Op extends Operation>(op: Op, ...[input]: InputArgs<Op>): ApiRequest {
  const { params, query, body, form, onUploadProgress, fallback } = (input ?? {}) as {
    params?: Readonly<Record<string, string>>;
    query?: ApiRequest['params'];
    body?: unknown;
    form?: Parameters<typeof toFormData>[0];
    onUploadProgress?: ApiRequest['onUploadProgress'];
    fallback?: ApiRequest['fallback'];
  };
  const request: ApiRequest = { url: operationUrl(op, params), method: op.method };
  if (query !== undefined) request.params = query;
  if (form !== undefined) request.body = toFormData(form);
  else if (body !== undefined) request.body = body;
  if (onUploadProgress) request.onUploadProgress = onUploadProgress;
  if (fallback) request.fallback = fallback;
  if (op.idempotent) request.idempotencyKey = randomId();
  return request;
}
