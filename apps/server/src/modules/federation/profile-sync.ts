/**
 * What others see of Plaza's people, kept current on other servers: when someone of this server changes
 * their name, bio or picture (`profileChanged`), an `Update(Person)` with their actor as it now reads goes
 * to their friends on other servers (once per shared inbox), which refresh the name, bio and avatar they show.
 * The other way, an incoming `Update(Person)` is taken from that person alone (inbox.ts) and stored as a
 * fresh look at them (directory.ts).
 */
import type { Federation } from '@fedify/fedify';
import { Update } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { DomainEvents } from '../../lib/events';
import { newId } from '../../lib/ids';
import { userRepo } from '../users';
import { personOf } from './actors';
import { federatedPostsRepo } from './federated-posts-repo';
import { recipientOf } from './remote-actors-repo';

export function profileSync(ctx: AppContext, federation: Federation<void>) {
  const users = userRepo(ctx.db);
  const posts = federatedPostsRepo(ctx.db);

  return {
    changed: async ({ userId }: DomainEvents['profileChanged']): Promise<void> => {
      const user = await users.findById(userId);
      if (!user || user.remote_host || user.deleted_at) return;
      const friends = await posts.remoteFriendsOf(userId);
      if (friends.length === 0) return;
      const c = federation.createContext(new URL(ctx.config.publicUrl), undefined);
      const update = new Update({
        id: new URL(`/ap/updates/${newId()}`, ctx.config.publicUrl),
        actor: c.getActorUri(userId),
        object: await personOf(c, user),
        to: c.getFollowersUri(userId),
      });
      await c.sendActivity({ identifier: userId }, friends.map(recipientOf), update, {
        preferSharedInbox: true,
        orderingKey: c.getActorUri(userId).href,
      });
    },
  };
}
