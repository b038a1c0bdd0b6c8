/** Builds the auth feature once per app: the token signer, the session service, two-factor sign-in, passkeys and their routes. */
import type { CoreContext, Feature } from '../../context';
import { passkeyRoutes } from './passkeys/routes';
import { passkeyService } from './passkeys/service';
import { authRoutes } from './routes';
import { authService, type AuthService } from './service';
import { sessionRoutes } from './sessions/routes';
import { TokenSigner } from './tokens';
import { twoFactorRoutes } from './two-factor/routes';
import { twoFactorService } from './two-factor/service';

export interface AuthFeature extends Feature {
  service: AuthService;
}

export function createAuthFeature(ctx: CoreContext): AuthFeature {
  const publicUrl = new URL(ctx.config.publicUrl);
  const issuer = `Plaza (${publicUrl.host})`;
  const twoFactor = twoFactorService(ctx.db, ctx.limits, ctx.events, { serverSecret: ctx.config.jwtSecret, issuer });
  const signer = new TokenSigner(ctx.config.jwtSecret, ctx.config.accessTokenTtlSeconds);
  const service = authService(ctx.db, signer, ctx.events, twoFactor, {
    firstAccountIsAdmin: ctx.config.mail.smtpUrl === null,
    dialect: ctx.dialect,
    passwordCost: ctx.config.passwordCost,
  });
  const passkeys = passkeyService(ctx.db, ctx.events, { id: publicUrl.hostname, origin: publicUrl.origin, name: issuer });
  return {
    name: 'auth',
    routes: async (app, appCtx) => {
      await authRoutes(app, appCtx);
      await twoFactorRoutes(app, appCtx, twoFactor);
      await passkeyRoutes(app, appCtx, passkeys);
      await sessionRoutes(app, appCtx);
    },
    service,
  };
}
