/** SQL for the other servers: how many of their people are known here, and which an admin blocked (migration 0133). */
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';

/** The ids of people of blocked servers, to leave out of whatever is sent or taken. */
export const peopleOfBlockedHosts = (db: Db) =>
  db.selectFrom('users').select('id').where('remote_host', 'in', db.selectFrom('blocked_instances').select('host'));

export function instancesRepo(db: Db) {
  return {
    async list() {
      const [known, blocked] = await Promise.all([
        db
          .selectFrom('users')
          .select(['remote_host', (eb) => eb.fn.countAll<number>().as('people')])
          .where('remote_host', 'is not', null)
          .groupBy('remote_host')
          .execute(),
        db.selectFrom('blocked_instances').selectAll().execute(),
      ]);
      const blockedAt = new Map(blocked.map((b) => [b.host, b.blocked_at]));
      const hosts = new Map(known.map((k) => [k.remote_host ?? '', Number(k.people)]));
      for (const b of blocked) if (!hosts.has(b.host)) hosts.set(b.host, 0);
      return [...hosts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([host, people]) => ({ host, people, blockedAt: blockedAt.get(host) ?? null }));
    },
    async block(host: string): Promise<void> {
      await db
        .insertInto('blocked_instances')
        .values({ host, blocked_at: nowIso() })
        .onConflict((oc) => oc.column('host').doNothing())
        .execute();
    },
    async unblock(host: string): Promise<void> {
      await db.deleteFrom('blocked_instances').where('host', '=', host).execute();
    },
    async isBlocked(host: string): Promise<boolean> {
      const row = await db.selectFrom('blocked_instances').select('host').where('host', '=', host.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },
  };
}
