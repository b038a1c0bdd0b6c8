/** Bearer-token authentication: routes opt in with `onRequest: requireAuth`, then read `authOf(request)`. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors';
import type { AuthContext, AuthService } from '../modules/auth';

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

export function makeRequireAuth(auth: AuthService) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError('Please log in to continue.', {}, 'No access token');
    request.auth = await auth.authenticate(token);
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError('Please log in to continue.', {}, 'No access token');
  return request.auth;
}
