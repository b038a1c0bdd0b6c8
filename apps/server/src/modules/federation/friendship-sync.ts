/**
 * Friendship across servers as mutual follows (docs/decisions/federation.md). After any change between a
 * local and a remote person, `reconcile` brings the follows the other server knows of in line with the
 * friendship as it now stands here, sending only what differs:
 *   request_sent or friends → our Follow of them has been sent;
 *   friends                 → their Follow of us is accepted (Accept sent);
 *   not_connected           → our Follow is withdrawn (Undo) and theirs refused (Reject).
 * It reads the current state rather than the event that called it, so a repeated or late event sends
 * nothing new, and it is the one place that decides what goes out for friendships.
 */
import type { Federation } from '@fedify/fedify';
import { Accept, Follow, Reject, Undo } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { newId, nowIso } from '../../lib/ids';
import type { ConnectionService } from '../people';
import type { RemoteDirectory } from './directory';
import { followsRepo } from './follows-repo';
import { recipientOf } from './remote-actors-repo';

export function friendshipSync(
  ctx: AppContext,
  federation: Federation<void>,
  deps: { connections: ConnectionService; directory: RemoteDirectory },
) {
  const follows = followsRepo(ctx.db);
  const context = () => federation.createContext(new URL(ctx.config.publicUrl), undefined);
  const activityId = (kind: string) => new URL(`/ap/${kind}/${newId()}`, ctx.config.publicUrl);

  return {
    async reconcile(localId: string, remoteId: string): Promise<void> {
      const remote = await deps.directory.byUserId(remoteId);
      if (!remote) return;
      const status = await deps.connections.statusWith(localId, remoteId).catch(() => 'not_connected' as const);
      const c = context();
      const me = c.getActorUri(localId);
      const them = new URL(remote.actor_url);
      const send = (activity: Follow | Accept | Reject | Undo) => c.sendActivity({ identifier: localId }, recipientOf(remote), activity);
      const ours = await follows.find(localId, remoteId);
      const theirs = await follows.find(remoteId, localId);

      if (status === 'request_sent' || status === 'friends') {
        if (!ours) {
          const id = activityId('follows');
          await follows.upsert({
            follower_id: localId,
            followee_id: remoteId,
            activity_id: id.href,
            state: 'pending',
            created_at: nowIso(),
          });
          await send(new Follow({ id, actor: me, object: them }));
        }
      } else if (ours) {
        await send(
          new Undo({ id: activityId('undo'), actor: me, object: new Follow({ id: new URL(ours.activity_id), actor: me, object: them }) }),
        );
        await follows.delete(localId, remoteId);
      }

      if (!theirs) return;
      const theirFollow = new Follow({ id: new URL(theirs.activity_id), actor: them, object: me });
      if (status === 'friends' && theirs.state === 'pending') {
        await send(new Accept({ id: activityId('accept'), actor: me, object: theirFollow }));
        await follows.markAccepted(remoteId, localId);
      } else if (status === 'not_connected') {
        await send(new Reject({ id: activityId('reject'), actor: me, object: theirFollow }));
        await follows.delete(remoteId, localId);
      }
    },
  };
}
export type FriendshipSync = ReturnType<typeof friendshipSync>;
