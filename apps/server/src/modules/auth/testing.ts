/** Helpers for tests of two-factor sign-in: codes as an authenticator app computes them, and an account with it on. */
import { twoFactorEnableResponseSchema, twoFactorSetupResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { as, createUser, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';

/** The code an app shows for `secret`, `stepsAhead` 30-second steps from now. */
export const totpCode = (secret: string, stepsAhead = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

export interface TwoFactorUser extends TestUser {
  secret: string;
  recoveryCodes: string[];
}

/** A new account with two-factor sign-in on; the code that enabled it is spent (its step is taken). */
export async function createTwoFactorUser(app: FastifyInstance): Promise<TwoFactorUser> {
  const u = await createUser(app);
  const setup = await as(app, u)({ method: 'POST', url: '/users/me/2fa/setup', payload: { password: u.password } });
  const { secret } = bodyOf(setup, twoFactorSetupResponseSchema);
  const enable = await as(app, u)({ method: 'POST', url: '/users/me/2fa/enable', payload: { code: totpCode(secret) } });
  const { recoveryCodes } = bodyOf(enable, twoFactorEnableResponseSchema);
  return { ...u, secret, recoveryCodes };
}
