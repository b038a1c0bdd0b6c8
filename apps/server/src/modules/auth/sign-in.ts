/** What every way of signing in shares: where the request comes from, and the log-in answer it gets. */
import type { FastifyRequest } from 'fastify';
import { presentSelfUser } from '../users';
import type { IssuedSession, SignInClient } from './service';

/** Its user agent (cut to 200 characters) and address (`req.ip`, as TRUST_PROXY decides). */
export const clientOf = (req: FastifyRequest): SignInClient => ({
  userAgent: req.headers['user-agent']?.slice(0, 200) ?? null,
  address: req.ip || null,
});

/** The usual answer of `POST /auth/login` once a session exists. */
export const signedInAnswer = (s: IssuedSession) => ({
  success: true as const,
  user: presentSelfUser(s.user),
  accessToken: s.accessToken,
  refreshToken: s.refreshToken,
  isUserAuthenticated: true as const,
});
