/**
 * Test helpers of the people features: users, a signed-in store, and a stand-in for the server behind
 * the real API client (in place of its transport), so requests go through the same refresh, cancel and cache as in the app.
 */
import type { NetworkUser, PublicUser, SelfUser } from '@plaza/contract';
import { api } from '../../api/client';
import { makeStore } from '../../app/store';
import { buildUser } from '../../test/post-factories';
import { unauthenticatedState } from '../auth';

/** A person as the server shows them; the same builder the posts tests use. */
export const publicUser = buildUser;

export const networkUser = (overrides: Partial<NetworkUser> = {}): NetworkUser => ({
  ...publicUser(overrides),
  connectionStatus: 'not_connected',
  ...overrides,
});

export const me: SelfUser = {
  _id: 'me-1',
  userName: 'ada',
  fullName: 'Ada Lovelace',
  userImage: null,
  userBio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  email: 'ada@example.test',
  role: 'member',
  emailVerified: true,
  language: 'en',
};

export const signedInStore = () =>
  makeStore({ auth: { ...unauthenticatedState, userDetails: me, accessToken: 'token', isAuthenticated: true } });

export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

export interface Reply {
  status?: number;
  data: unknown;
}

type Handler = (request: FakeRequest) => Reply | Promise<Reply>;

interface Route {
  method: string;
  path: string;
  handler: Handler;
  once: boolean;
}

export const failure = (status: number, message = 'Something went wrong on our side.'): Reply => ({
  status,
  data: { success: false, error: `HTTP ${status}`, message },
});

/** A promise the test settles by hand, to look at the screen while a request is still out. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

/**
 * Answers requests by method and path (without the query string). `once` answers are used first, in
 * order; otherwise the latest `on` for the path answers. Every request is recorded in `requests`.
 */
export function fakeServer() {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];

  api.transport = async ({ method, url, params, body, signal }) => {
    const request: FakeRequest = { method, url, params, body };
    requests.push(request);
    const matches = routes.filter((r) => r.method === request.method && r.path === request.url);
    const route = matches.find((r) => r.once) ?? matches.at(-1);
    if (!route) throw new Error(`The fake server has no answer for ${request.method} ${request.url}`);
    if (route.once) routes.splice(routes.indexOf(route), 1);
    const { status = 200, data } = await Promise.race([Promise.resolve(route.handler(request)), whenAborted(signal)]);
    return { status, data };
  };

  const add = (once: boolean) => (method: string, path: string, answer: Reply | Handler) => {
    routes.push({ method, path, once, handler: typeof answer === 'function' ? answer : () => answer });
  };

  return {
    requests,
    on: add(false),
    once: add(true),
    /** The requests made to one path, in order. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.url === path),
  };
}

/** One page of GET /users/network. */
export const networkPage = (users: NetworkUser[], currentPage = 1, hasMore = false, totalUsers = users.length): Reply => ({
  data: {
    success: true,
    data: users,
    pagination: { currentPage, totalUsers, limit: 10, totalPages: hasMore ? currentPage + 1 : currentPage, hasMore },
  },
});

/** GET /users/suggested-users with these people. */
export const suggestionsAnswer = (people: PublicUser[]): Reply => ({
  data: {
    success: true,
    message: 'ok',
    data: {
      suggestions: people.map((p) => ({ ...p, mutualFriends: 1 })),
      pagination: { currentPage: 1, limit: 5, totalPages: 1, hasMore: false, total: people.length },
    },
  },
});

/** GET /users/u/profile/{me}/visited/{userName}. */
export const visitedAnswer = (user: PublicUser, connectionStatus: NetworkUser['connectionStatus'], friends = 4): Reply => ({
  data: { success: true, data: { user, stats: { posts: 3, friends }, connectionStatus, mutualFriends: 2 } },
});

/** Headless UI's anchored menus watch their button's size; jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
