/**
 * A stand-in for the server in web tests: answers the one API client's requests in place of its transport
 * (so RTK Query, the refresh queue and the duplicate cancel all run for real) and records every call.
 */
import { api } from '../api/client';
import type { Transport, TransportRequest } from '../api/transport';

export interface StubRequest {
  method: string;
  /** The path under /api/v1, e.g. `/posts/favorites`. */
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

export interface StubAnswer {
  /** 0: the network is down. */
  status: number;
  data?: unknown;
}

type Handler = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

const toRequest = ({ method, url, params, body }: TransportRequest): StubRequest => ({ method, url, params, body });

/** What the transport gives the client for an answer: the response, or no answer at all (status 0). */
function reply({ status, data }: StubAnswer) {
  if (status === 0) throw new TypeError('Network Error');
  return { status, data };
}

/** Answers every request with `handler`, for a test that plays the whole server in one function; answers the record of calls. */
export function answerEvery(handler: Handler): StubRequest[] {
  const calls: StubRequest[] = [];
  api.transport = async (sent) => {
    const request = toRequest(sent);
    calls.push(request);
    return reply(await handler(request));
  };
  return calls;
}

/**
 * The route added last wins, so a test can change an answer midway; a request no route answers gets a
 * 404, so a forgotten route shows up as a failure.
 */
export function stubServer() {
  const routes: Route[] = [];
  const calls: StubRequest[] = [];
  const previous = api.transport;

  const transport: Transport = async (sent) => {
    const request = toRequest(sent);
    calls.push(request);
    const route = [...routes]
      .reverse()
      .find((r) => r.method === request.method && (typeof r.path === 'string' ? r.path === request.url : r.path.test(request.url)));
    return reply(route ? await route.handler(request) : { status: 404, data: { success: false, error: 'Not found' } });
  };
  api.transport = transport;

  const server = {
    calls,
    /** Answers `method path` (a path under /api/v1, or a pattern) with `handler`. */
    on(method: string, path: string | RegExp, handler: Handler) {
      routes.push({ method, path, handler });
      return server;
    },
    /** The calls made to one path, e.g. to read the params each page was asked with. */
    callsTo: (method: string, path: string | RegExp) =>
      calls.filter((c) => c.method === method && (typeof path === 'string' ? c.url === path : path.test(c.url))),
    restore() {
      api.transport = previous;
    },
  };
  return server;
}

export type StubServer = ReturnType<typeof stubServer>;

/** An answer the test releases when it chooses, to look at the screen while a call is on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
