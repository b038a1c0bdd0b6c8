/**
 * Posts and likes other servers send, after Fedify has checked the HTTP Signature and that the signing key
 * belongs to the activity's actor. Each is taken only from the person it is about:
 *   Create(Note)   → a Plaza post by the remote person, on their friends' feeds here, when the Note is
 *                    theirs (`attributedTo` is the activity's actor, its id on their server) and they have
 *                    a friend here; its HTML kept as text plus links (note-html.ts), its images fetched and
 *                    stored like local ones (remote-media.ts). A reply (`inReplyTo`) to a post is a comment
 *                    (comment-inbox.ts); a Note addressed to one person here alone is a chat message (chat-inbox.ts);
 *   Update(Note)   → the post's new text, from its author only;
 *   Delete         → the post (or reply) removed, by its author only;
 *   Like, EmojiReact → that reaction (reaction-vocab.ts) on a post of a friend here, counted and notified as a
 *                    local one; Undo of it takes it back.
 */
import type { InboxContext } from '@fedify/fedify';
import { Note, type Activity, type Create, type Delete, type Undo, type Update } from '@fedify/vocab';
import { LIMITS } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { areFriends } from '../people';
import type { PostsApi, PostsFeature } from '../posts';
import type { ReactionsFeature } from '../reactions';
import type { RemoteDirectory } from './directory';
import { chatInbox, directRecipient, type ChatInboxDeps } from './chat-inbox';
import { commentInbox, type CommentInboxDeps } from './comment-inbox';
import { federatedPostsRepo } from './federated-posts-repo';
import { textOfHtml } from './note-html';
import { isReactionActivity, kindOf, type ReactionActivity } from './reaction-vocab';
import { remoteMedia } from './remote-media';

export interface PostInboxDeps extends CommentInboxDeps, ChatInboxDeps {
  posts: PostsApi;
  authoring: PostsFeature['authoring'];
  reactions: ReactionsFeature['remote'];
  directory: RemoteDirectory;
  /** The sender of an activity as a Plaza person (fetched and stored when new), or null. */
  senderOf(c: InboxContext<void>, activity: Activity): Promise<string | null>;
}

/** A change that no longer applies (the post went meanwhile, or the edit would leave it empty) changes nothing. */
async function unlessGone(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (err) {
    if (!(err instanceof NotFoundError || err instanceof BadRequestError || err instanceof ForbiddenError)) throw err;
  }
}

// Long: one handler per post activity (create, edit, delete, like, announce); each is short and shares the
// repositories and the comment and chat inboxes made once here.
export function postInbox(ctx: AppContext, deps: PostInboxDeps) {
  const repo = federatedPostsRepo(ctx.db);
  const media = remoteMedia(ctx);
  const replies = commentInbox(ctx, deps);
  const messages = chatInbox(ctx, deps);

  /** A Note the activity's actor wrote on their own server, or null. */
  async function ownNote(c: InboxContext<void>, activity: Create | Update): Promise<Note | null> {
    const note = await activity.getObject(c);
    const actor = activity.actorId;
    if (!(note instanceof Note) || !note.id || !actor) return null;
    return note.attributionId?.href === actor.href && note.id.origin === actor.origin ? note : null;
  }

  const textOf = (note: Note) => textOfHtml(note.content?.toString() ?? '').slice(0, LIMITS.postContent.max);

  /** The local post a reaction names, with the sender, when the sender is the author's friend. */
  async function likedPost(c: InboxContext<void>, like: ReactionActivity): Promise<{ postId: string; likerId: string } | null> {
    const parsed = like.objectId ? c.parseUri(like.objectId) : null;
    if (parsed?.type !== 'object' || parsed.class !== Note) return null;
    const post = await deps.posts.published(parsed.values.id);
    const likerId = post ? await deps.senderOf(c, like) : null;
    if (!post || !likerId || !(await areFriends(ctx.db, likerId, post.authorId))) return null;
    return { postId: post.id, likerId };
  }

  return {
    async create(c: InboxContext<void>, create: Create): Promise<void> {
      const note = await ownNote(c, create);
      if (!note?.id || (await repo.byObject(note.id.href))) return;
      // A reply to a post is a comment, even addressed to its author alone (as comment-sync.ts sends one).
      if (note.replyTargetId && (await replies.answersPost(c, note.replyTargetId))) {
        const senderId = await deps.senderOf(c, create);
        return senderId ? replies.reply(c, note, senderId) : undefined;
      }
      // For one person here alone: a chat message from a friend, or nothing (never a post others would see).
      const receiverId = directRecipient(c, note);
      if (receiverId) {
        const senderId = await deps.senderOf(c, create);
        return senderId ? messages.message(c, note, senderId, receiverId) : undefined;
      }
      if (note.replyTargetId) return;
      const authorId = await deps.senderOf(c, create);
      if (!authorId || !(await repo.hasLocalFriend(authorId))) return;
      const content = textOf(note);
      const images = await media.imagesOf(note, c);
      if (content === '' && images.length === 0) return;
      const objectUrl = note.id.href;
      // The post and the Note's id go in one transaction: the same Note arriving twice at once (a delivery
      // retried) meets the first one's row and writes nothing.
      const publish = (withImages: Buffer[]) =>
        deps.authoring.create(authorId, { content, images: withImages, video: null, noPreview: true }, null, (trx, postId) =>
          federatedPostsRepo(trx).insert({ object_url: objectUrl, post_id: postId, author_id: authorId }),
        );
      // An image this server cannot read costs the post its images, not the post.
      await publish(images)
        .catch((err: unknown) => {
          if (err instanceof BadRequestError && images.length > 0 && content !== '') return publish([]);
          throw err;
        })
        .catch((err: unknown) => {
          if (!isUniqueViolation(err)) throw err;
        });
    },

    async update(c: InboxContext<void>, update: Update): Promise<void> {
      const note = await ownNote(c, update);
      const known = note?.id ? await repo.byObject(note.id.href) : undefined;
      if (!note || !known || (await deps.directory.byActorUrl(update.actorId!.href))?.user_id !== known.author_id) return;
      await unlessGone(deps.authoring.update(known.author_id, known.post_id, { content: textOf(note) }));
    },

    async delete(_c: InboxContext<void>, del: Delete): Promise<void> {
      if (!del.objectId) return;
      const known = await repo.byObject(del.objectId.href);
      const sender = del.actorId ? await deps.directory.byActorUrl(del.actorId.href) : undefined;
      if (!known) return void (await replies.delete(del.objectId.href, sender?.user_id));
      if (sender?.user_id !== known.author_id) return;
      await unlessGone(deps.authoring.remove(known.author_id, known.post_id));
    },

    async react(c: InboxContext<void>, reaction: ReactionActivity): Promise<void> {
      const kind = kindOf(reaction);
      const liked = kind ? await likedPost(c, reaction) : null;
      if (kind && liked) await unlessGone(deps.reactions.set(liked.likerId, liked.postId, kind, true));
    },

    /** Undo of something other than a follow: a reaction taken back by whoever gave it. */
    async undo(c: InboxContext<void>, undo: Undo): Promise<void> {
      const reaction = await undo.getObject(c);
      if (!isReactionActivity(reaction) || !reaction.actorId || reaction.actorId.href !== undo.actorId?.href) return;
      const kind = kindOf(reaction);
      const liked = kind ? await likedPost(c, reaction) : null;
      if (kind && liked) await unlessGone(deps.reactions.set(liked.likerId, liked.postId, kind, false));
    },
  };
}
