/**
 * Builds the accounts feature once per app: verification and change of email, password reset, data
 * export and account deletion, with the mailer they share. Built last: it acts on what every other
 * feature holds, through their APIs.
 */
import type { AppContext, Feature } from '../../context';
import { createMailer, type Mailer } from '../../mail';
import { deletionService, type DeletionDeps } from './deletion-service';
import { emailService } from './email-service';
import { exportService, type ExportSources } from './export-service';
import { passwordResetService } from './password-reset-service';
import { accountLifecycleRoutes, type AccountServices } from './routes';
import { securityNoticeSenders } from './security-notices';

const SWEEP_EVERY_MS = 30 * 60_000;

export interface AccountsFeature extends Feature {
  services: AccountServices;
  mailer: Mailer;
  /** Resolves once mails and exports set off by earlier requests are done (tests, shutdown). */
  settled(): Promise<void>;
}

export function createAccountsFeature(ctx: AppContext, deps: Omit<DeletionDeps, 'exports'> & ExportSources): AccountsFeature {
  const mailer = createMailer(ctx.config.mail, ctx.log, ctx.jobs);
  const exports = exportService(ctx, deps, mailer);
  const services: AccountServices = {
    email: emailService(ctx, mailer),
    passwordReset: passwordResetService(ctx, mailer),
    exports,
    deletion: deletionService(ctx, { ...deps, exports }),
  };
  const log = ctx.log.child({ feature: 'accounts' });
  const notices = securityNoticeSenders(ctx, mailer);
  const settled = async () => {
    await services.passwordReset.settled();
    await exports.settled();
    await mailer.settled();
  };
  return {
    name: 'accounts',
    routes: (app, c) => accountLifecycleRoutes(app, c, services),
    services,
    mailer,
    settled,
    start: () => {
      const unsubscribe = ctx.events.subscribe('accountCreated', ({ userId }) => services.email.welcome(userId));
      const unsubscribeNotices = [
        ctx.events.subscribe('signedInFromNewDevice', (signIn) => notices.newDevice(signIn)),
        ctx.events.subscribe('passkeyAdded', (added) => notices.passkeyAdded(added)),
        ctx.events.subscribe('twoFactorChanged', (change) => notices.twoFactorChanged(change)),
      ];
      const sweep = () => void exports.sweep().catch((err: unknown) => log.error({ err }, 'export sweep failed'));
      const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
      return async () => {
        unsubscribe();
        for (const stop of unsubscribeNotices) stop();
        clearInterval(timer);
        await settled();
        mailer.close();
      };
    },
  };
}
