/**
 * Activities other servers send to Plaza's inboxes, after Fedify has checked their HTTP Signature and that
 * the signing key belongs to the activity's actor (anything else is refused with 401 before this runs).
 * Each turns into the friend-request step the remote person would take on Plaza, then `reconcile` answers:
 *   Follow         → their friend request (or, if ours to them is pending, the friendship);
 *   Accept(Follow) → our follow of them is accepted (friends once they follow us too);
 *   Reject(Follow) → our request declined, or the friendship ended;
 *   Undo(Follow)   → their request withdrawn, or the friendship ended;
 *   Update(Person) → their name, bio and avatar as they now are, from that person alone;
 *   Block          → their block of the person here, stored as a block made here is (it ends their request or
 *                    friendship, and the person here can no longer reach them: docs/decisions/federation.md);
 *   Undo(Block)    → that block lifted.
 * Posts, comments and reactions (Create, Update, Delete, Like, EmojiReact, Undo of a reaction) are post-inbox.ts's.
 */
import type { Federation, InboxContext } from '@fedify/fedify';
import { Accept, Block, Create, Delete, EmojiReact, Follow, isActor, Like, Reject, Undo, Update, type Activity } from '@fedify/vocab';
import type { ConnectionAction } from '@plaza/contract';
import type { AppContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import type { ConnectionService } from '../people';
import type { SafetyFeature } from '../safety';
import type { RemoteDirectory } from './directory';
import { AP_PATHS } from './fedify';
import { followsRepo } from './follows-repo';
import type { FriendshipSync } from './friendship-sync';
import { postInbox, type PostInboxDeps } from './post-inbox';

// Long: one listener per activity kind, registered on Fedify's one inbox; each handler is short and shares the
// sender lookup and the follows repository made once here.
export function registerInbox(
  ctx: AppContext,
  federation: Federation<void>,
  deps: {
    connections: ConnectionService;
    directory: RemoteDirectory;
    sync: FriendshipSync;
    blocks: SafetyFeature['remote'];
    posts: Omit<PostInboxDeps, 'directory' | 'senderOf'>;
  },
): void {
  const follows = followsRepo(ctx.db);
  const log = ctx.log.child({ part: 'federation-inbox' });

  /** The local person an actor URI of ours names, or null. */
  function localIdOf(c: InboxContext<void>, uri: URL | null): string | null {
    const parsed = uri ? c.parseUri(uri) : null;
    return parsed?.type === 'actor' ? parsed.identifier : null;
  }

  /** The remote sender as a Plaza person (fetched and stored when new), or null. */
  async function senderOf(c: InboxContext<void>, activity: Activity): Promise<string | null> {
    if (!activity.actorId) return null;
    const known = await deps.directory.byActorUrl(activity.actorId.href);
    if (known) return known.user_id;
    const actor = await activity.getActor(c);
    return actor ? deps.directory.remember(actor) : null;
  }

  /** A friend-request step taken by the remote person; one that no longer applies (a 409) changes nothing. */
  async function act(remoteId: string, action: ConnectionAction, localId: string): Promise<void> {
    try {
      await deps.connections.act(remoteId, action, localId);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
  }

  /**
   * The remote person's block of someone here (or its end, `standing` false); only their own, of someone of
   * this server. A person this server has never seen can block no one here: they stand in no relation to anyone.
   */
  async function blocked(c: InboxContext<void>, block: Block, actorId: URL | null, standing: boolean): Promise<void> {
    const localId = localIdOf(c, block.objectId);
    if (!localId || !actorId || block.actorId?.href !== actorId.href) return;
    const remote = await deps.directory.byActorUrl(actorId.href);
    if (!remote) return;
    if (!standing) return deps.blocks.unblock(remote.user_id, localId);
    try {
      // Stored first, then whatever stands between them ends as the blocker's step (safety's own order).
      await deps.blocks.block(remote.user_id, localId);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
    await deps.sync.reconcile(localId, remote.user_id);
  }

  /** Ends whatever stands between them: a pending request from `by`, or the friendship. */
  async function end(by: string, other: string, pendingStep: 'cancel' | 'decline'): Promise<void> {
    const status = await deps.connections.statusWith(by, other);
    if (status === 'friends') await act(by, 'remove', other);
    else if (pendingStep === 'cancel' && status === 'request_sent') await act(by, 'cancel', other);
    else if (pendingStep === 'decline' && status === 'request_received') await act(by, 'decline', other);
  }

  const posts = postInbox(ctx, { ...deps.posts, directory: deps.directory, senderOf });

  federation
    .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
    .on(Follow, async (c, follow) => {
      const localId = localIdOf(c, follow.objectId);
      if (!follow.id || !localId) return;
      const remoteId = await senderOf(c, follow);
      if (!remoteId) return;
      await follows.upsert({
        follower_id: remoteId,
        followee_id: localId,
        activity_id: follow.id.href,
        state: 'pending',
        created_at: nowIso(),
      });
      await act(remoteId, 'send', localId);
      await deps.sync.reconcile(localId, remoteId);
    })
    .on(Accept, async (c, accept) => {
      const remoteId = await senderOf(c, accept);
      const ours = accept.objectId ? await follows.findByActivity(accept.objectId.href) : undefined;
      if (!remoteId || !ours || ours.followee_id !== remoteId) return;
      await follows.markAccepted(ours.follower_id, remoteId);
    })
    .on(Reject, async (c, reject) => {
      const remoteId = await senderOf(c, reject);
      const ours = reject.objectId ? await follows.findByActivity(reject.objectId.href) : undefined;
      if (!remoteId || !ours || ours.followee_id !== remoteId) return;
      await follows.delete(ours.follower_id, remoteId);
      await end(remoteId, ours.follower_id, 'decline');
      await deps.sync.reconcile(ours.follower_id, remoteId);
    })
    .on(Undo, async (c, undo) => {
      const remoteId = await senderOf(c, undo);
      const undone = undo.objectId ? await follows.findByActivity(undo.objectId.href) : undefined;
      if (!undone) {
        const object = await undo.getObject(c);
        return object instanceof Block ? blocked(c, object, undo.actorId, false) : posts.undo(c, undo);
      }
      // Only their own follow can be undone by them.
      if (!remoteId || !undone || undone.follower_id !== remoteId) return;
      await follows.delete(remoteId, undone.followee_id);
      await end(remoteId, undone.followee_id, 'cancel');
      await deps.sync.reconcile(undone.followee_id, remoteId);
    })
    .on(Block, (c, block) => blocked(c, block, block.actorId, true))
    .on(Create, (c, create) => posts.create(c, create))
    .on(Update, async (c, update) => {
      const object = await update.getObject(c);
      if (!isActor(object)) return posts.update(c, update);
      // Someone already known here, about themselves.
      if (!object.id || object.id.href !== update.actorId?.href || !(await deps.directory.byActorUrl(object.id.href))) return;
      await deps.directory.remember(object);
    })
    .on(Delete, (c, del) => posts.delete(c, del))
    .on(Like, (c, like) => posts.react(c, like))
    .on(EmojiReact, (c, reaction) => posts.react(c, reaction))
    .onError((_c, error) => {
      log.warn({ err: error }, 'an incoming activity could not be handled');
    });
}
