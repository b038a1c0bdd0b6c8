/**
 * A Plaza post as other servers see it: a `Note` at `/ap/posts/{id}`, addressed to its author's followers
 * (on other servers, their friends), its text as HTML, its page in the web app as `url`, and its images and
 * video as `Document`s at their media addresses. The address answers only a fetch signed by a friend of the author on another server: Plaza
 * shares posts with friends, not with the whole fediverse.
 */
import type { Context, Federation } from '@fedify/fedify';
import { Document, Note } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { AppContext } from '../../context';
import { areFriends } from '../people';
import type { PostsApi, PublishedPost } from '../posts';
import { userRepo } from '../users';
import type { RemoteDirectory } from './directory';
import { noteHtml } from './note-html';

export const NOTE_PATH = '/ap/posts/{id}';

/** The id of the Note of a local post. */
export const noteIdOf = (c: Context<void>, postId: string): URL => c.getObjectUri(Note, { id: postId });

export function noteOf(c: Context<void>, post: PublishedPost): Note {
  return new Note({
    id: noteIdOf(c, post.id),
    attribution: c.getActorUri(post.authorId),
    // The post's page in the web app: Mastodon links "open original page" to `url`, else to the id, which
    // answers ActivityPub clients only (a browser gets 406 there).
    url: new URL(`/posts/${post.id}`, c.origin),
    to: c.getFollowersUri(post.authorId),
    content: noteHtml(post.content),
    mediaType: 'text/html',
    published: Temporal.Instant.from(post.createdAt),
    updated: post.editedAt ? Temporal.Instant.from(post.editedAt) : null,
    // A video still processing (or failed) has nothing to fetch yet: its post is sent again, edited, once it plays.
    attachments: post.media
      .filter((m) => !m.status)
      .map(
        (m) =>
          new Document({
            mediaType: m.type === 'video' ? 'video/mp4' : 'image/webp',
            url: new URL(m.url, c.origin),
            width: m.width,
            height: m.height,
          }),
      ),
  });
}

export function registerNotes(ctx: AppContext, federation: Federation<void>, deps: { posts: PostsApi; directory: RemoteDirectory }): void {
  const users = userRepo(ctx.db);
  /** A post of a local person (posts that came from other servers are theirs to serve), or undefined. */
  const localPost = async (postId: string) => {
    const post = await deps.posts.published(postId);
    const author = post ? await users.findById(post.authorId) : undefined;
    return post && author && !author.remote_host && !author.deleted_at ? post : undefined;
  };

  federation
    .setObjectDispatcher(Note, NOTE_PATH, async (c, { id }) => {
      const post = await localPost(id);
      return post ? noteOf(c, post) : null;
    })
    .authorize(async (c, { id }) => {
      const post = await localPost(id);
      if (!post) return true; // answered 404 by the dispatcher
      const owner = await c.getSignedKeyOwner();
      const remote = owner?.id ? await deps.directory.byActorUrl(owner.id.href) : undefined;
      return remote ? areFriends(ctx.db, remote.user_id, post.authorId) : false;
    });
}
