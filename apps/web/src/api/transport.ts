/**
 * How a request reaches the server: `fetch`, or `XMLHttpRequest` for an upload that shows its progress
 * (fetch cannot report how much of a body has been sent). Tests put a stand-in in its place (`api.transport`).
 */
import { API_PREFIX } from '@plaza/contract';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface UploadProgress {
  loaded: number;
  /** Absent when the browser cannot tell the body's size. */
  total?: number;
}

export interface TransportRequest {
  /** Upper case: `GET`, `POST`… */
  method: string;
  /** The path under /api/v1, e.g. `/posts/favorites`. */
  url: string;
  params: QueryParams;
  /** A plain value is sent as JSON; FormData as multipart. */
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
}

/** Any HTTP status resolves; a request that gets no answer rejects (with anything). */
export type Transport = (request: TransportRequest) => Promise<{ status: number; data: unknown }>;

function urlOf({ url, params }: TransportRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, String(value));
  const search = query.toString();
  return `${API_PREFIX}${url}${search ? `?${search}` : ''}`;
}

function encodeBody(request: TransportRequest): { body?: BodyInit; headers: Record<string, string> } {
  const { body, headers } = request;
  if (body === undefined || body === null) return { headers };
  if (body instanceof FormData || typeof body === 'string') return { body, headers };
  return { body: JSON.stringify(body), headers: { ...headers, 'Content-Type': 'application/json' } };
}

/** JSON when it parses (every API answer), the text otherwise, null when empty. */
function decode(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendWithProgress(request: TransportRequest, body: BodyInit | undefined, headers: Record<string, string>) {
  return new Promise<{ status: number; data: unknown }>((resolve, reject) => {
    if (request.signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request));
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => request.onUploadProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    xhr.onload = () => resolve({ status: xhr.status, data: decode(xhr.responseText) });
    xhr.onerror = xhr.ontimeout = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body as XMLHttpRequestBodyInit | undefined);
  });
}

export const browserTransport: Transport = async (request) => {
  const { body, headers } = encodeBody(request);
  if (request.onUploadProgress) return sendWithProgress(request, body, headers);
  const res = await fetch(urlOf(request), {
    method: request.method,
    headers: { Accept: 'application/json', ...headers },
    body,
    signal: request.signal,
  });
  return { status: res.status, data: decode(await res.text()) };
};
