/** Reading and changing a person's notification preferences; what other features ask of them. */
import type { NotificationKind, NotificationPreferences, NotificationPreferencesBody } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { DEFAULT_PREFERENCES, kindOfType } from './defaults';
import { preferencesRepo, type PreferencesRow } from './repo';

function present(row: PreferencesRow | undefined): NotificationPreferences {
  if (!row) return DEFAULT_PREFERENCES;
  const stored = JSON.parse(row.kinds) as Partial<NotificationPreferences['kinds']>;
  return {
    // A kind added after the row was written starts at its default.
    kinds: { ...DEFAULT_PREFERENCES.kinds, ...stored },
    hidePreviews: row.hide_previews === 1,
    quietHours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
    digest: row.digest,
    timeZone: row.time_zone,
    pushWhileActive: row.push_while_active === 1,
  };
}

export function preferencesService(ctx: AppContext) {
  const repo = preferencesRepo(ctx.db);
  const get = async (userId: string) => present(await repo.find(userId));
  return {
    get,

    async put(userId: string, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
      const before = await repo.find(userId);
      const current = present(before);
      const now = nowIso();
      await repo.upsert({
        user_id: userId,
        kinds: JSON.stringify(body.kinds),
        hide_previews: Number(body.hidePreviews),
        quiet_start: body.quietHours?.start ?? null,
        quiet_end: body.quietHours?.end ?? null,
        time_zone: body.timeZone ?? current.timeZone,
        push_while_active: Number(body.pushWhileActive ?? current.pushWhileActive),
        digest: body.digest,
        // Switching the digest on starts it now: the first one, a day later, tells what was missed since.
        digest_since: body.digest === 'daily' ? (current.digest === 'daily' ? (before?.digest_since ?? now) : now) : null,
        updated_at: now,
      });
      return get(userId);
    },

    /** Daily-digest readers whose last digest ended before `before`, in batches after `afterId`: who, and since when. */
    async dueDigests(before: string, afterId: string, limit: number): Promise<Array<{ userId: string; since: string }>> {
      return (await repo.dueDigests(before, afterId, limit)).map((r) => ({ userId: r.user_id, since: r.digest_since ?? before }));
    },

    /** Moves the reader's digest mark from `since` to `to`; false when another process did first (and sends it). */
    claimDigest: (userId: string, since: string, to: string) => repo.claimDigest(userId, since, to),

    /** Whether a notification of `type` is stored for the person to see in the app (moderation notices always are). */
    async wantsInApp(userId: string, type: string): Promise<boolean> {
      const kind = kindOfType(type);
      return kind === null || (await get(userId)).kinds[kind].inApp;
    },
  };
}
export type PreferencesService = ReturnType<typeof preferencesService>;

/** Whether `prefs` let a push of `type` through (moderation notices always may, quiet hours aside). */
export function allowsPush(prefs: NotificationPreferences, type: string): boolean {
  const kind: NotificationKind | null = kindOfType(type);
  return kind === null || prefs.kinds[kind].push;
}

/** Whether `prefs` put a notification of `type` in the daily digest. */
export function allowsEmail(prefs: NotificationPreferences, type: string): boolean {
  const kind = kindOfType(type);
  return kind === null || prefs.kinds[kind].email;
}
