/** Builds the auth feature once per app: the token signer, the session service and its routes. */
import type { CoreContext, Feature } from '../../context';
import { authRoutes } from './routes';
import { authService, type AuthService } from './service';
import { TokenSigner } from './tokens';

export interface AuthFeature extends Feature {
  service: AuthService;
}

export function createAuthFeature(ctx: CoreContext): AuthFeature {
  const service = authService(ctx.db, new TokenSigner(ctx.config.jwtSecret, ctx.config.accessTokenTtlSeconds), ctx.events);
  return { name: 'auth', routes: authRoutes, service };
}
