/**
 * What Plaza's people do with posts, sent to the servers of their friends there (all through Fedify's
 * queue, message-queue.ts, never on the request that made the change):
 *   a post published → Create(Note) to the author's remote friends (one delivery per shared inbox);
 *   edited           → Update(Note);   deleted → Delete(Tombstone);
 *   a reaction on a post from another server → Like (❤) or EmojiReact (the other five) to its author
 *   (reaction-vocab.ts), taken back → Undo of it.
 * A post or reaction of someone of another server is never sent back out.
 */
import type { Federation } from '@fedify/fedify';
import { Create, Delete, Tombstone, Undo, Update, type Activity } from '@fedify/vocab';
import type { DomainEvents, EventMeta } from '../../lib/events';
import type { AppContext } from '../../context';
import { newId } from '../../lib/ids';
import type { PostsApi } from '../posts';
import { userRepo } from '../users';
import type { RemoteDirectory } from './directory';
import { federatedPostsRepo } from './federated-posts-repo';
import { noteIdOf, noteOf } from './notes';
import { reactionActivity } from './reaction-vocab';
import { recipientOf } from './remote-actors-repo';

type Reacted = DomainEvents['reactionAdded'];

export function postSync(ctx: AppContext, federation: Federation<void>, deps: { posts: PostsApi; directory: RemoteDirectory }) {
  const repo = federatedPostsRepo(ctx.db);
  const users = userRepo(ctx.db);
  const context = () => federation.createContext(new URL(ctx.config.publicUrl), undefined);
  const activityId = (kind: string) => new URL(`/ap/${kind}/${newId()}`, ctx.config.publicUrl);
  const isLocal = async (userId: string) => {
    const user = await users.findById(userId);
    return !!user && !user.remote_host && !user.deleted_at;
  };

  /** Sends an activity of a local author to their friends on other servers, in order with the rest about the same post. */
  async function toRemoteFriends(authorId: string, postId: string, make: (noteId: URL) => Activity): Promise<void> {
    const friends = await repo.remoteFriendsOf(authorId);
    if (friends.length === 0 || !(await isLocal(authorId))) return;
    const c = context();
    const noteId = noteIdOf(c, postId);
    await c.sendActivity({ identifier: authorId }, friends.map(recipientOf), make(noteId), {
      preferSharedInbox: true,
      orderingKey: noteId.href,
    });
  }

  /**
   * The event's id names the activity: an event the outbox hands over again (at least once) sends the same
   * activity again, which the other server has already handled and drops.
   */
  async function sendPost(postId: string, authorId: string, as: 'create' | 'update', eventId: string): Promise<void> {
    const post = await deps.posts.published(postId);
    if (!post) return;
    const c = context();
    await toRemoteFriends(authorId, postId, () => {
      const note = noteOf(c, post);
      const id = new URL(`/ap/${as}s/${eventId}`, ctx.config.publicUrl);
      const values = { id, actor: c.getActorUri(authorId), object: note, to: c.getFollowersUri(authorId) };
      return as === 'create' ? new Create(values) : new Update(values);
    });
  }

  async function sendReaction({ postId, postAuthorId, actorId, kind }: Reacted, held: boolean): Promise<void> {
    const [author, post] = await Promise.all([deps.directory.byUserId(postAuthorId), repo.byPost(postId)]);
    if (!author || !post || !(await isLocal(actorId))) return;
    const c = context();
    const me = c.getActorUri(actorId);
    const reaction = reactionActivity(kind, {
      id: activityId(kind === 'heart' ? 'likes' : 'reactions'),
      actor: me,
      object: new URL(post.object_url),
    });
    const activity = held ? reaction : new Undo({ id: activityId('undo'), actor: me, object: reaction });
    await c.sendActivity({ identifier: actorId }, recipientOf(author), activity, { orderingKey: `${post.object_url} ${actorId}` });
  }

  return {
    created: ({ postId, authorId }: DomainEvents['postCreated'], { id }: EventMeta) => sendPost(postId, authorId, 'create', id),
    edited: ({ postId, authorId }: DomainEvents['postEdited'], { id }: EventMeta) => sendPost(postId, authorId, 'update', id),
    deleted: ({ postId, authorId }: DomainEvents['postDeleted']) =>
      toRemoteFriends(authorId, postId, (noteId) => {
        const c = context();
        return new Delete({
          id: activityId('deletes'),
          actor: c.getActorUri(authorId),
          object: new Tombstone({ id: noteId }),
          to: c.getFollowersUri(authorId),
        });
      }),
    reactionAdded: (event: Reacted) => sendReaction(event, true),
    reactionRemoved: (event: Reacted) => sendReaction(event, false),
  };
}
