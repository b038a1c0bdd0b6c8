/** HTTP routes of the account lifecycle (product.md § Accounts): links mailed, export, deletion. */
import { lifecycleOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { authOf, makeRequireAuth } from '../../plugins/authenticate';
import { perAddress, perUser } from '../../security/limits';
import type { DeletionService } from './deletion-service';
import type { EmailService } from './email-service';
import type { ExportService } from './export-service';
import type { PasswordResetService } from './password-reset-service';

export interface AccountServices {
  email: EmailService;
  passwordReset: PasswordResetService;
  exports: ExportService;
  deletion: DeletionService;
}

/** The one answer to a reset request, whether or not the address has an account. */
const RESET_REQUESTED = 'If an account uses this address, we sent it a link to choose a new password. It works for one hour.';

export async function accountLifecycleRoutes(fastify: FastifyInstance, ctx: AppContext, s: AccountServices) {
  const requireAuth = makeRequireAuth(ctx.auth);

  // Whether mail can leave this server decides what the app tells people about confirming addresses.
  const instance = { success: true as const, mail: ctx.config.mail.smtpUrl !== null };
  contractRoute(fastify, ops.getInstance, { handler: async () => instance });

  contractRoute(fastify, ops.forgotPassword, {
    preHandler: perAddress(ctx.limits, 'passwordResetPerAddress'),
    handler: async (req, reply) => {
      s.passwordReset.request(req.body.email);
      return reply.status(202).send({ success: true, message: RESET_REQUESTED });
    },
  });

  contractRoute(fastify, ops.resetPassword, {
    preHandler: perAddress(ctx.limits, 'passwordResetPerAddress'),
    handler: async (req) => {
      await s.passwordReset.reset(req.body.token, req.body.newPassword);
      return { success: true as const };
    },
  });

  contractRoute(fastify, ops.verifyEmail, {
    preHandler: perAddress(ctx.limits, 'loginPerAddress'),
    handler: async (req) => ({ success: true as const, ...(await s.email.verify(req.body.token)) }),
  });

  contractRoute(fastify, ops.cancelEmailChange, {
    preHandler: perAddress(ctx.limits, 'loginPerAddress'),
    handler: async (req) => {
      await s.email.cancelChange(req.body.token);
      return { success: true as const };
    },
  });

  contractRoute(fastify, ops.resendVerification, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'passwordChangePerUser'),
    handler: async (req, reply) => {
      await s.email.resend(authOf(req).userId);
      return reply.status(202).send({ success: true, message: 'We sent you a new link. It works for 48 hours.' });
    },
  });

  contractRoute(fastify, ops.changeEmail, {
    onRequest: requireAuth,
    // The password is checked here, so it is limited like a password change.
    preHandler: perUser(ctx.limits, 'passwordChangePerUser'),
    handler: async (req, reply) => {
      await s.email.requestChange(authOf(req).userId, req.body.email, req.body.password);
      return reply.status(202).send({
        success: true,
        message: `If ${req.body.email} can be used, we sent it a link. Your address changes when you open it.`,
      });
    },
  });

  contractRoute(fastify, ops.startExport, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'passwordChangePerUser'),
    handler: async (req, reply) => reply.status(202).send({ success: true, export: await s.exports.start(authOf(req).userId) }),
  });

  contractRoute(fastify, ops.getExport, {
    onRequest: requireAuth,
    handler: async (req) => ({ success: true as const, export: await s.exports.latest(authOf(req).userId) }),
  });

  contractRoute(fastify, ops.downloadExport, {
    handler: async (req, reply) => {
      const { file, fileName } = await s.exports.download(req.params.exportId, req.query.expires, req.query.sig);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  });

  contractRoute(fastify, ops.deleteAccount, {
    onRequest: requireAuth,
    preHandler: perUser(ctx.limits, 'passwordChangePerUser'),
    handler: async (req) => {
      await s.deletion.deleteAccount(authOf(req).userId, req.body.password);
      return { success: true as const };
    },
  });
}
