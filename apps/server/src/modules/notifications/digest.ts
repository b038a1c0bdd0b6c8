/**
 * The daily email digest: once a day, to each person who asked for it, a mail of what they missed since the last
 * one: the notifications still unread (of the kinds whose email channel is on) and how many messages wait. Each
 * person's mark moves before the mail is handed to the mailer, and only the process that moved it sends, so two
 * workers never mail one digest twice (a process that dies in between loses that one digest, never doubles it).
 */
import type { AppContext } from '../../context';
import { mails, type OutgoingMail } from '../../mail';
import { allowsEmail, type PreferencesService } from '../notification-preferences';
import { userRepo } from '../users';
import { notificationRepo } from './repo';

const DAY_MS = 86_400_000;
const BATCH = 100;
/** Lines a digest lists; the rest are counted. */
const MAX_LINES = 20;

export interface DigestDeps {
  preferences: PreferencesService;
  unreadMessagesSince: (userId: string, since: string) => Promise<number>;
  sendMail: (mail: OutgoingMail) => void;
}

export function dailyDigest(ctx: AppContext, deps: DigestDeps) {
  const users = userRepo(ctx.db);
  const notifications = notificationRepo(ctx.db);
  const instance = { name: 'Plaza', publicUrl: ctx.config.publicUrl };

  async function digestOne(userId: string, since: string, until: string): Promise<boolean> {
    if (!(await deps.preferences.claimDigest(userId, since, until))) return false;
    const [prefs, user] = await Promise.all([deps.preferences.get(userId), users.findById(userId)]);
    if (!user || user.deleted_at) return false;
    const rows = (await notifications.unreadBetween(userId, since, until, 500)).filter((r) => allowsEmail(prefs, r.type));
    const messages = prefs.kinds.messages.email ? await deps.unreadMessagesSince(userId, since) : 0;
    if (rows.length === 0 && messages === 0) return false;
    const lines = rows.slice(0, MAX_LINES).map((r) => r.text);
    deps.sendMail({
      to: user.email,
      ...mails.notificationDigest(
        instance,
        { fullName: user.full_name, language: user.language },
        { lines, more: rows.length - lines.length, messages },
      ),
    });
    return true;
  }

  return {
    /** Mails every digest that is due (its last one ended a day ago or more); answers how many went out. */
    async sweep(now = Date.now()): Promise<number> {
      const before = new Date(now - DAY_MS).toISOString();
      const until = new Date(now).toISOString();
      let after = '';
      let sent = 0;
      for (;;) {
        const due = await deps.preferences.dueDigests(before, after, BATCH);
        for (const { userId, since } of due) {
          after = userId;
          if (await digestOne(userId, since, until)) sent++;
        }
        if (due.length < BATCH) return sent;
      }
    },
  };
}
