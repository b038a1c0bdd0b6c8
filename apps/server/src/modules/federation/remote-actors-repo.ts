/** SQL for how to reach people of other servers: their actor's id and inboxes (migration 0121). */
import type { Recipient } from '@fedify/vocab';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { RemoteActorsTable } from '../../db/tables/federation';
import { peopleOfBlockedHosts } from './instances-repo';

export type RemoteActorRow = Selectable<RemoteActorsTable>;

/** A remote person as a recipient of what Plaza sends. */
export const recipientOf = (r: RemoteActorRow): Recipient => ({
  id: new URL(r.actor_url),
  inboxId: new URL(r.inbox_url),
  endpoints: r.shared_inbox_url ? { sharedInbox: new URL(r.shared_inbox_url) } : null,
});

export function remoteActorsRepo(db: Db) {
  const reachable = () => db.selectFrom('remote_actors').selectAll().where('user_id', 'not in', peopleOfBlockedHosts(db));
  return {
    /** Where to reach them; their avatar's address (`icon_url`) is kept by `setIcon` alone. */
    async upsert(row: Omit<RemoteActorRow, 'icon_url'>): Promise<void> {
      const { user_id: _id, ...rest } = row;
      await db
        .insertInto('remote_actors')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
        .execute();
    },
    async setIcon(userId: string, iconUrl: string | null): Promise<void> {
      await db.updateTable('remote_actors').set({ icon_url: iconUrl }).where('user_id', '=', userId).execute();
    },
    /** How to reach them; undefined also while an admin blocks their server (nothing is sent there). */
    byUserId(userId: string): Promise<RemoteActorRow | undefined> {
      return reachable().where('user_id', '=', userId).executeTakeFirst();
    },
    /** Who an actor is; undefined also while an admin blocks their server (nothing of theirs is taken). */
    byActorUrl(actorUrl: string): Promise<RemoteActorRow | undefined> {
      return reachable().where('actor_url', '=', actorUrl).executeTakeFirst();
    },
  };
}
