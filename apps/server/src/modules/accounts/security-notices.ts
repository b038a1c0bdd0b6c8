/**
 * Mails that tell the owner of an account something changed its security: a sign-in from a browser and
 * address never seen on it (auth's `signedInFromNewDevice`), a passkey added (`passkeyAdded`), two-factor
 * sign-in switched on or off (`twoFactorChanged`). Each holds a link to Settings → Security.
 */
import type { AppContext } from '../../context';
import type { DomainEvents } from '../../lib/events';
import { mails, type Mailer } from '../../mail';
import { deviceOf } from '../auth';
import { userRepo } from '../users';
import { instanceOf } from './instance';

export function securityNoticeSenders(ctx: AppContext, mailer: Mailer) {
  const users = userRepo(ctx.db);
  const instance = instanceOf(ctx.config);
  const ownerOf = async (userId: string) => {
    const user = await users.findById(userId);
    return user && !user.deleted_at ? user : null;
  };
  return {
    async newDevice(signIn: DomainEvents['signedInFromNewDevice']): Promise<void> {
      const user = await ownerOf(signIn.userId);
      if (!user) return;
      const from = { device: deviceOf(signIn.userAgent), address: signIn.address, at: signIn.at };
      mailer.sendLater({ to: user.email, ...mails.newDeviceSignIn(instance, { fullName: user.full_name, language: user.language }, from) });
    },
    async twoFactorChanged(change: DomainEvents['twoFactorChanged']): Promise<void> {
      const user = await ownerOf(change.userId);
      if (!user) return;
      mailer.sendLater({
        to: user.email,
        ...mails.twoFactorChanged(instance, { fullName: user.full_name, language: user.language }, change),
      });
    },
    async passkeyAdded(added: DomainEvents['passkeyAdded']): Promise<void> {
      const user = await ownerOf(added.userId);
      if (!user) return;
      mailer.sendLater({ to: user.email, ...mails.passkeyAdded(instance, { fullName: user.full_name, language: user.language }, added) });
    },
  };
}
