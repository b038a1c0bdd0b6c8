/**
 * Posts and the home feed. Plaza posts are public to signed-in people: anyone signed in may open a post,
 * its reactions and comments, and a person's profile posts. The home feed is the caller's own and
 * friends' posts, then "Suggested for you" posts of others (feed-suggestions-repo.ts), so it never runs
 * dry while the network has something to read.
 */
import { firstLinkOf, type FeedQuery, type Post, type PostsPageQuery, type UpdatePostBody } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError, sentence, TooManyRequestsError } from '../../lib/errors';
import { retryTransient } from '../../db/retry';
import { markWritten, type KeyedWrite } from '../../idempotency/keyed-write';
import type { Db } from '../../db';
import { newId, nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { tagIndex } from '../hashtags';
import { wantLinkPreview } from '../link-previews';
import { mentionIndex, type MentionedText } from '../mentions';
import { isHiddenFrom } from '../safety';
import { soonestSuspensionEndQuery, userRepo } from '../users';
import { feedPageCache } from '../../cache/feed-page-cache';
import { feedPageRepo, type ReaderAndPage } from './feed-page-repo';
import { suggestionCountCache } from './feed-suggestion-count';
import { feedSuggestionsRepo } from './feed-suggestions-repo';
import { feedPageRenderer, postHydrator } from './hydrate';
import { keysOfMedia, pendingVideoMedia, processPostImages, removeKeys, splitMedia, storePostImages } from './media';
import { existingPost, postGone } from './post-lookup';
import type { FeedPage } from './presenters';
import { postRepo, type PostRow } from './repo';
import { FAN_OUT_BATCH } from './post-fan-out';
import { timelineReadModel } from './timeline-read-model';
import type { PostUpload } from './upload';

const DAY_MS = 86_400_000;

/** A post's text as the mention index reads it: anyone not hidden from its author can read it. */
const mentionedPost = (id: string, authorId: string, text: string, at: string, isNew: boolean): MentionedText => ({
  targetType: 'post',
  targetId: id,
  authorId,
  text,
  postId: id,
  audience: { kind: 'public', owners: [authorId] },
  at,
  isNew,
});

// Long: a service; each method is short and shares the repositories made once here.
export function postService(ctx: AppContext) {
  const posts = postRepo(ctx.db);
  const users = userRepo(ctx.db);
  const hydrate = postHydrator(ctx.db);
  const feedPages = feedPageRepo(ctx.db);
  // Without the post cache (a benchmark's A/B), every page renders its posts afresh; without byte
  // splicing, a page's posts are objects the route serializes from the contract's schema.
  const renderPage = feedPageRenderer(ctx.db, ctx.events, {
    maxAgeMs: ctx.config.without?.includes('postJsonCache') ? 0 : ctx.config.feedPostMaxAgeMs,
    spliced: !ctx.config.without?.includes('byteSplicing'),
  });
  ctx.metrics.gauge('plaza_feed_posts_cached', 'Posts held rendered for feed pages (cache/post-cache.ts)', () => renderPage.cachedPosts());
  const suggestions = feedSuggestionsRepo(ctx.db);
  const suggestionCounts = suggestionCountCache(suggestions);
  const pageCache = feedPageCache<ReaderAndPage>(ctx.db, ctx.events, {
    // PostgreSQL servers hear each other's changes only through the relay; SQLite sees other connections' writes itself.
    enabled: (ctx.dialect === 'sqlite' || ctx.redis !== null) && !ctx.config.without?.includes('feedPageCache'),
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
    const { gone: deleted, readers } = await retryTransient(() =>
      ctx.db.transaction().execute(async (trx) => {
        // The post first: a fan-out batch under way holds it (post-fan-out.ts), and its rows are taken away after it.
        const gone = await postRepo(trx).delete(row.id);
        const readers = await timelineReadModel(trx).withdraw(row.id, row.author_id);
        if (gone) await ctx.events.record(trx, 'postDeleted', { postId: row.id, authorId: row.author_id });
        return { gone, readers };
      }),
    );
    if (readers.length) ctx.events.publish('feedPagesChanged', { readerIds: readers });
    if (!deleted) return false;
    await removeKeys(ctx.storage, keysOfMedia(ctx.storage, row.media));
    return true;
  }

  /** Until their address is verified, a person may publish only a few posts a day (docs/decisions/accounts.md). */
  async function checkUnverifiedQuota(authorId: string): Promise<void> {
    // Without mail nobody can confirm their own address, so the limit would stop people for good.
    if (ctx.config.mail.smtpUrl === null) return;
    const author = await users.findById(authorId);
    if (!author || author.email_verified_at !== null) return;
    const perDay = ctx.config.unverifiedPostsPerDay;
    const recent = await posts.publishedSince(authorId, new Date(Date.now() - DAY_MS).toISOString(), perDay);
    if (recent.length < perDay) return;
    const retryAfter = Math.ceil(((recent[0] ? Date.parse(recent[0]) : Date.now()) + DAY_MS - Date.now()) / 1000);
    throw new TooManyRequestsError(sentence('error.post.unverifiedQuota', { perDay }), Math.max(1, retryAfter));
  }

  return {
    get,
    /** Called before the upload is read, so a refused post costs no image processing. */
    checkUnverifiedQuota,

    /**
     * Images are processed and stored first (a video comes kept as uploaded, and goes in as processing,
     * its `video` job recorded with the post), then the post and its timeline rows go in one transaction,
     * with the request's key marked done (`write`, when it has one). `alongside`
     * writes what belongs with the post in that same transaction (the id of a post that came from another
     * server), so the two exist together or not at all.
     */
    async create(
      authorId: string,
      upload: PostUpload,
      write: KeyedWrite | null = null,
      alongside?: (trx: Db, postId: string) => Promise<void>,
    ): Promise<Post> {
      const { video } = upload;
      const stored = video
        ? pendingVideoMedia(ctx.storage, video)
        : await storePostImages(ctx.storage, await processPostImages(upload.images));
      const row = { id: newId(), author_id: authorId, content: upload.content, created_at: nowIso(), media: JSON.stringify(stored.media) };
      try {
        const publish = () =>
          ctx.db.transaction().execute(async (trx) => {
            // First: a second attempt with the same key waits here for the first to commit, then gives up.
            await markWritten(trx, write, row.id);
            await postRepo(trx).insert(row);
            await tagIndex(trx).postPublished({ id: row.id, authorId, content: row.content }, row.created_at);
            await mentionIndex(trx, ctx.events).written(mentionedPost(row.id, authorId, row.content, row.created_at, true));
            // Most people's friends all fit in the first batch; the rest follow in batches of their own.
            const { next: after, readers } = await timelineReadModel(trx).publish(row.id, authorId, FAN_OUT_BATCH);
            if (after !== null) await ctx.events.record(trx, 'postPublished', { postId: row.id, authorId, after });
            // Only federation sends it on: a server that does not federate records nothing more per post.
            if (ctx.config.federation) await ctx.events.record(trx, 'postCreated', { postId: row.id, authorId });
            if (video)
              await ctx.events.record(trx, 'postVideoUploaded', {
                postId: row.id,
                sourceKey: video.source.key,
                sniffed: video.sniffed,
                name: video.name,
              });
            await alongside?.(trx, row.id);
            return readers;
          });
        const readers = await retryTransient(publish);
        ctx.events.publish('feedPagesChanged', { readerIds: [authorId, ...readers] });
        if (readers.length) ctx.events.publish('postReachedReaders', { postId: row.id, authorId, readerIds: readers });
      } catch (err) {
        await removeKeys(ctx.storage, stored.keys);
        throw err;
      }
      if (!upload.noPreview) wantLinkPreview(ctx.events, { targetType: 'post', targetId: row.id }, row.content);
      return get(authorId, row.id);
    },

    /**
     * The author's edit: new text and/or images taken off. What is left must still say something, as a
     * new post must. Removed images leave storage once the edit is stored.
     */
    async update(userId: string, postId: string, change: UpdatePostBody): Promise<Post> {
      const row = await load(postId);
      if (row.author_id !== userId) throw new ForbiddenError(sentence('error.post.editOwn'));
      const { kept, removed } = splitMedia(row.media, change.removeMedia ?? []);
      const content = change.content ?? row.content;
      if (content === '' && kept.length === 0) {
        throw new BadRequestError(sentence('error.post.needsContent'), [{ path: 'content', message: 'Write something or keep an image' }]);
      }
      const editedAt = nowIso();
      // A different first link makes a different card; the same one keeps the card it has (or its removal).
      const linkChanged = firstLinkOf(content) !== firstLinkOf(row.content);
      // The media only when some are taken off: a text edit must not put back a video its job made ready meanwhile.
      const edit = {
        content,
        ...(removed.length > 0 ? { media: JSON.stringify(kept) } : {}),
        edited_at: editedAt,
        ...(linkChanged ? { link_preview: null } : {}),
      };
      // The text and its tags change together, so a tag page never lists the post without the tag.
      const updated = await retryTransient(() =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await postRepo(trx).update(postId, edit))) return false;
          await tagIndex(trx).postEdited({ id: postId, authorId: row.author_id, content }, editedAt);
          await mentionIndex(trx, ctx.events).written(mentionedPost(postId, row.author_id, content, editedAt, false));
          if (ctx.config.federation) await ctx.events.record(trx, 'postEdited', { postId, authorId: row.author_id });
          return true;
        }),
      );
      if (!updated) throw postGone();
      ctx.events.publish('postChanged', { postId });
      if (linkChanged) wantLinkPreview(ctx.events, { targetType: 'post', targetId: postId }, content);
      await removeKeys(ctx.storage, keysOfMedia(ctx.storage, JSON.stringify(removed)));
      return get(userId, postId);
    },

    async remove(userId: string, postId: string): Promise<void> {
      const row = await load(postId);
      if (row.author_id !== userId) throw new ForbiddenError(sentence('error.post.deleteOwn'));
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
      if (!author || (await isHiddenFrom(ctx.db, viewerId, author.id, nowIso()))) throw new NotFoundError(sentence('error.user.notFound'));
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
      const { userNameLower, timelineTotal, rows } = await pageCache.get(
        { reader: userId, givenAnchor: q.anchor, anchor, offset, limit: q.limit, now },
        () => feedPages.readerAndPage(q.limit, { reader: userId, anchor, offset, now }),
      );
      if (userNameLower === null) throw new NotFoundError(sentence('error.account.gone'));
      if (userNameLower !== authUser.toLowerCase()) throw new ForbiddenError(sentence('error.post.ownFeed'));
      // Suggestions continue where the timeline ends; a page wholly inside the timeline only needs their count.
      const room = q.limit - rows.length;
      const suggestedRows =
        room > 0 ? await suggestions.page(room, { viewer: userId, anchor, offset: Math.max(0, offset - timelineTotal), now }) : [];
      const suggestedTotal = await suggestionCounts.get(userId, anchor, now, room > 0);
      const total = timelineTotal + suggestedTotal;
      const page = pageInfo(q.page, q.limit, total);
      return {
        ...(await renderPage(rows, suggestedRows)),
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
