/**
 * Blocks between Plaza's people and people of other servers:
 *   someone here blocks a remote person → `Block` to that person (their server may hide us from them);
 *   and lifts it                         → `Undo(Block)`.
 * The friendship the block ends is told separately, as any ended friendship is (friendship-sync.ts).
 * Coming in, a `Block` of someone here is kept as the remote person's block of them (inbox.ts).
 */
import type { Federation } from '@fedify/fedify';
import { Block, Undo } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { DomainEvents } from '../../lib/events';
import { newId } from '../../lib/ids';
import { isBlocking } from '../safety';
import { userRepo } from '../users';
import type { RemoteDirectory } from './directory';
import { recipientOf } from './remote-actors-repo';

export function blockSync(ctx: AppContext, federation: Federation<void>, deps: { directory: RemoteDirectory }) {
  const users = userRepo(ctx.db);
  const activityId = (kind: string) => new URL(`/ap/${kind}/${newId()}`, ctx.config.publicUrl);

  return {
    changed: async ({ blockerId, blockedId }: DomainEvents['blockChanged']): Promise<void> => {
      const [blocker, blocked] = await Promise.all([users.findById(blockerId), deps.directory.byUserId(blockedId)]);
      if (!blocker || blocker.remote_host || blocker.deleted_at || !blocked) return;
      const c = federation.createContext(new URL(ctx.config.publicUrl), undefined);
      const me = c.getActorUri(blockerId);
      const block = new Block({ id: activityId('blocks'), actor: me, object: new URL(blocked.actor_url) });
      const standing = await isBlocking(ctx.db, blockerId, blockedId);
      await c.sendActivity(
        { identifier: blockerId },
        recipientOf(blocked),
        standing ? block : new Undo({ id: activityId('undo'), actor: me, object: block }),
        { orderingKey: `${me.href} ${blocked.actor_url}` },
      );
    },
  };
}
