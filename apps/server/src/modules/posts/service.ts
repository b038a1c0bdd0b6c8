/**
 * Posts and the home feed. Plaza posts are public to signed-in people: anyone signed in may open a post,
 * its reactions and comments, and a person's profile posts. The home feed is the caller's own and
 * friends' posts, then "Suggested for you" posts of others (feed-suggestions-repo.ts), so it never runs
 * dry while the network has something to read.
 */
import type { FeedQuery, Post, PostsPageQuery, UpdatePostBody } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { isHiddenFrom } from '../safety';
import { soonestSuspensionEndQuery, userRepo } from '../users';
import { feedPageRepo } from './feed-page-repo';
import { suggestionCountCache } from './feed-suggestion-count';
import { feedSuggestionsRepo } from './feed-suggestions-repo';
import { keptFeedPages } from './kept-feed-pages';
import { postHydrator } from './hydrate';
import { keysOfMedia, processPostImages, removeKeys, splitMedia, storePostImages, videoMedia } from './media';
import { postJsonRenderer } from './post-json';
import { existingPost, postGone } from './post-lookup';
import type { FeedPage } from './presenters';
import { postRepo, type PostRow } from './repo';
import { FAN_OUT_BATCH } from './post-fan-out';
import { timelineReadModel } from './timeline-read-model';
import type { PostUpload } from './upload';

const DAY_MS = 86_400_000;

export function postService(ctx: AppContext) {
  const posts = postRepo(ctx.db);
  const users = userRepo(ctx.db);
  const hydrate = postHydrator(ctx.db);
  const feedPages = feedPageRepo(ctx.db);
  const renderPage = postJsonRenderer(ctx.db, ctx.events, { maxAgeMs: ctx.config.feedPostMaxAgeMs });
  const suggestions = feedSuggestionsRepo(ctx.db);
  const suggestionCounts = suggestionCountCache(suggestions);
  const keptPages = keptFeedPages(ctx.db, ctx.events, {
    // PostgreSQL servers hear each other's changes only through the relay; SQLite sees other connections' writes itself.
    keep: ctx.dialect === 'sqlite' || ctx.redis !== null,
    soonestSuspensionEnd: async (now) => (await soonestSuspensionEndQuery(ctx.db, now).executeTakeFirst())?.ends ?? null,
  });

  const load = (postId: string): Promise<PostRow> => existingPost(posts, postId);

  async function pageByAuthor(viewerId: string, authorId: string, q: PostsPageQuery) {
    const [ids, total] = await Promise.all([
      posts.pageIdsByAuthor(authorId, q.limit, offsetOf(q.page, q.limit)),
      posts.countByAuthor(authorId),
    ]);
    return { posts: await hydrate(viewerId, ids), pagination: pageInfo(q.page, q.limit, total) };
  }

  async function get(viewerId: string, postId: string): Promise<Post> {
    const [post] = await hydrate(viewerId, [postId]);
    if (!post || (await isHiddenFrom(ctx.db, viewerId, post.author._id, nowIso()))) throw postGone();
    return post;
  }

  /** The post off every timeline and out of the database, then its files; false when someone else removed it first. */
  async function discard(row: PostRow): Promise<boolean> {
    const { gone: deleted, readers } = await ctx.db.transaction().execute(async (trx) => {
      // The post first: a fan-out batch under way holds it (post-fan-out.ts), and its rows are taken away after it.
      const gone = await postRepo(trx).delete(row.id);
      const readers = await timelineReadModel(trx).withdraw(row.id, row.author_id);
      if (gone) await ctx.events.record(trx, 'postDeleted', { postId: row.id, authorId: row.author_id });
      return { gone, readers };
    });
    if (readers.length) ctx.events.publish('feedPagesChanged', { readerIds: readers });
    if (!deleted) return false;
    await removeKeys(ctx.storage, keysOfMedia(ctx.storage, row.media));
    return true;
  }

  /** Until their address is verified, a person may publish only a few posts a day (docs/decisions/accounts.md). */
  async function checkUnverifiedQuota(authorId: string): Promise<void> {
    const author = await users.findById(authorId);
    if (!author || author.email_verified_at !== null) return;
    const perDay = ctx.config.unverifiedPostsPerDay;
    const recent = await posts.publishedSince(authorId, new Date(Date.now() - DAY_MS).toISOString(), perDay);
    if (recent.length < perDay) return;
    const retryAfter = Math.ceil(((recent[0] ? Date.parse(recent[0]) : Date.now()) + DAY_MS - Date.now()) / 1000);
    throw new TooManyRequestsError(
      `Until you confirm your email address you can publish ${perDay} posts a day. Open the link we mailed you (or ask for a new one) to post freely.`,
      Math.max(1, retryAfter),
    );
  }

  return {
    get,
    /** Called before the upload is read, so a refused post costs no image processing. */
    checkUnverifiedQuota,

    /**
     * Images are processed and stored first (a video comes stored), then the post and its timeline rows
     * go in one transaction.
     */
    async create(authorId: string, upload: PostUpload): Promise<Post> {
      const stored = upload.video ? videoMedia(upload.video) : await storePostImages(ctx.storage, await processPostImages(upload.images));
      const row = { id: newId(), author_id: authorId, content: upload.content, created_at: nowIso(), media: JSON.stringify(stored.media) };
      try {
        const publish = () =>
          ctx.db.transaction().execute(async (trx) => {
            await postRepo(trx).insert(row);
            const timelines = timelineReadModel(trx);
            await timelines.addOwn(row.id, authorId);
            // Most people's friends all fit in the first batch; the rest follow in batches of their own.
            const { next: after, readers } = await timelines.fanOutBatch(row.id, authorId, null, FAN_OUT_BATCH);
            if (after !== null) await ctx.events.record(trx, 'postPublished', { postId: row.id, authorId, after });
            return readers;
          });
        // The first batch is a fan-out batch too: on SQLite it takes its turn with the chat's writer thread
        // (db/write-turns.ts), or it would sleep in the busy handler with the event loop stopped.
        const readers = await (ctx.dialect === 'sqlite' ? ctx.writeTurns.background(publish) : publish());
        ctx.events.publish('feedPagesChanged', { readerIds: [authorId, ...readers] });
      } catch (err) {
        await removeKeys(ctx.storage, stored.keys);
        throw err;
      }
      return get(authorId, row.id);
    },

    /**
     * The author's edit: new text and/or images taken off. What is left must still say something, as a
     * new post must. Removed images leave storage once the edit is stored.
     */
    async update(userId: string, postId: string, change: UpdatePostBody): Promise<Post> {
      const row = await load(postId);
      if (row.author_id !== userId) throw new ForbiddenError('Only the author may edit this post.');
      const { kept, removed } = splitMedia(row.media, change.removeMedia ?? []);
      const content = change.content ?? row.content;
      if (content === '' && kept.length === 0) {
        throw new BadRequestError('A post needs text or an image.', [{ path: 'content', message: 'Write something or keep an image' }]);
      }
      const updated = await posts.update(postId, { content, media: JSON.stringify(kept), edited_at: nowIso() });
      if (!updated) throw postGone();
      ctx.events.publish('postChanged', { postId });
      await removeKeys(ctx.storage, keysOfMedia(ctx.storage, JSON.stringify(removed)));
      return get(userId, postId);
    },

    async remove(userId: string, postId: string): Promise<void> {
      const row = await load(postId);
      if (row.author_id !== userId) throw new ForbiddenError('Only the author may delete this post.');
      await discard(row);
    },

    /** Removes a post whoever wrote it (a moderator's decision); false when it was already gone. */
    async removeById(postId: string): Promise<boolean> {
      const row = await posts.findById(postId);
      return row ? discard(row) : false;
    },

    myPosts(userId: string, q: PostsPageQuery) {
      return pageByAuthor(userId, userId, q);
    },

    async postsOf(viewerId: string, userName: string, q: PostsPageQuery) {
      const author = await users.findByUserName(userName);
      if (!author || (await isHiddenFrom(ctx.db, viewerId, author.id, nowIso()))) throw new NotFoundError('This user does not exist.');
      return pageByAuthor(viewerId, author.id, q);
    },

    /**
     * One page of the home feed. Pages are offsets into the feed as it stood at `anchor` (a time-ordered
     * id; page 1 mints one), so posts published while someone scrolls never shift the later pages.
     */
    async feed(userId: string, authUser: string, q: FeedQuery): Promise<FeedPage> {
      const anchor = q.anchor ?? newId();
      const offset = offsetOf(q.page, q.limit);
      const now = nowIso();
      // The page of someone else's name is read and dropped: it is the caller's own timeline either way.
      const { userNameLower, timelineTotal, rows } = await keptPages.get(
        { reader: userId, givenAnchor: q.anchor, anchor, offset, limit: q.limit, now },
        () => feedPages.readerAndPage(q.limit, { reader: userId, anchor, offset, now }),
      );
      if (userNameLower === null) throw new NotFoundError('This account no longer exists.');
      if (userNameLower !== authUser.toLowerCase()) throw new ForbiddenError('You can only read your own feed.');
      // Suggestions continue where the timeline ends; a page wholly inside the timeline only needs their count.
      const room = q.limit - rows.length;
      const suggestedRows =
        room > 0 ? await suggestions.page(room, { viewer: userId, anchor, offset: Math.max(0, offset - timelineTotal), now }) : [];
      const suggestedTotal = await suggestionCounts.get(userId, anchor, now, room > 0);
      const total = timelineTotal + suggestedTotal;
      const page = pageInfo(q.page, q.limit, total);
      return {
        feedsJson: await renderPage(rows, suggestedRows),
        totalCount: total,
        currentPage: page.currentPage,
        totalPages: page.totalPages,
        hasMore: page.hasMore,
        anchor,
      };
    },
  };
}
export type PostService = ReturnType<typeof postService>;
