/** Bearer-token authentication: routes opt in with `onRequest: requireAuth`, then read `authOf(request)`. */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { sentence, UnauthorizedError } from '../lib/errors';

/** Who a request comes from: the person and the session its access token belongs to. */
export interface AuthContext {
  userId: string;
  sessionId: string;
}

/** What the hook asks of the auth feature (modules/auth/service.ts), which verifies access tokens. */
export interface AccessTokens {
  /** A token verified before and still good, answered without a promise; undefined when not known. */
  knownToken(accessToken: string): AuthContext | undefined;
  /** Verifies a token (its signature, expiry and session); rejects with a 401 when it is not good. */
  authenticate(accessToken: string): Promise<AuthContext>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function makeRequireAuth(auth: AccessTokens) {
  // A callback hook, not an async one: a token verified before (most requests) is answered without a
  // promise, and so without the microtask hops and async-context bookkeeping one costs on every request.
  return function requireAuth(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const token = bearerToken(request.headers.authorization);
    if (!token) return done(new UnauthorizedError(sentence('error.auth.logIn'), {}, 'No access token'));
    const known = auth.knownToken(token);
    if (known) {
      request.auth = known;
      return done();
    }
    auth.authenticate(token).then((verified) => {
      request.auth = verified;
      done();
    }, done);
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError(sentence('error.auth.logIn'), {}, 'No access token');
  return request.auth;
}
