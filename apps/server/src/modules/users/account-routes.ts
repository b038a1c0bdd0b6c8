/** Routes of the signed-in user's own account (CONTRACT "Accounts", beyond SPEC for settings). */
import {
  changePasswordBodySchema,
  LIMITS,
  meResponseSchema,
  successSchema,
  updateMeBodySchema,
  usernameAvailableBodySchema,
  usernameAvailableResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { authRateLimit } from '../../plugins/attempt-limit';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { presentSelfUser } from './presenters';
import type { AccountService } from './service';

export async function accountRoutes(fastify: FastifyInstance, ctx: AppContext, { accounts }: { accounts: AccountService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireAuth = makeRequireAuth(ctx.auth);

  app.post('/users/get-username-available', {
    // The signup form asks as the user types, so this limit is per IP and looser than login's.
    config: { rateLimit: authRateLimit(ctx, () => '', ctx.config.authRateLimit * 12) },
    schema: {
      tags: ['users'],
      summary: 'Is this user name free?',
      body: usernameAvailableBodySchema,
      response: { 200: usernameAvailableResponseSchema },
    },
    handler: async (req) => ({ success: true as const, valid: await accounts.userNameAvailable(req.body.sendUsername) }),
  });

  app.get('/users/me', {
    onRequest: requireAuth,
    schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: meResponseSchema } },
    handler: async (req) => ({ success: true as const, user: presentSelfUser(await accounts.load(authOf(req).userId)) }),
  });

  app.patch('/users/me', {
    onRequest: requireAuth,
    schema: {
      tags: ['users'],
      summary: 'Update full name, bio or user name',
      body: updateMeBodySchema,
      response: { 200: meResponseSchema },
    },
    handler: async (req) => ({ success: true as const, user: presentSelfUser(await accounts.update(authOf(req).userId, req.body)) }),
  });

  app.post('/users/me/avatar', {
    onRequest: requireAuth,
    schema: { tags: ['users'], summary: 'Upload an avatar (multipart field `avatar`, up to 5 MB)', response: { 200: meResponseSchema } },
    handler: async (req) => {
      const file = await req.file({ limits: { fileSize: LIMITS.avatarBytes, files: 1 } });
      if (!file || file.fieldname !== 'avatar')
        throw new BadRequestError('Attach the image as the `avatar` field.', [{ path: 'avatar', message: 'Required' }]);
      const bytes = await file.toBuffer();
      return { success: true as const, user: presentSelfUser(await accounts.setAvatar(authOf(req).userId, bytes)) };
    },
  });

  app.post('/users/me/password', {
    onRequest: requireAuth,
    config: { rateLimit: authRateLimit(ctx, () => 'password') },
    schema: {
      tags: ['users'],
      summary: 'Change password; ends every other session',
      body: changePasswordBodySchema,
      response: { 200: successSchema },
    },
    handler: async (req) => {
      await ctx.auth.changePassword(authOf(req), req.body);
      return { success: true as const };
    },
  });
}
