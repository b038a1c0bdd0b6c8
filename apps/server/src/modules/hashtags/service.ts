/**
 * Hashtags (product.md § Hashtags): a tag's page of posts, the trending tags and the tag search. A tag
 * page shows what the tag's posts would show anywhere else: posts are public to signed-in people, except
 * those of people hidden from the viewer (blocked either way, suspended), and a post brought to the page
 * only by a hidden person's comment stays off it too.
 */
import { HASHTAG_LIMITS, normalizeHashtag, type FoundTag, type Post, type PostsPageQuery } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { notHidden } from '../safety';
import type { PostsPort } from './posts-port';
import { hashtagRepo, type Visible } from './repo';
import { trendingTags } from './trending';

/** Known tags read for one search, in byte order, before they are ranked by posts. */
const SEARCH_CANDIDATES = 50;
/** What a typed prefix may hold once its `#` is dropped: tag characters only. */
const TAG_PREFIX = /^[\p{L}\p{M}\p{N}_]+$/u;

export function hashtagService(ctx: AppContext, posts: PostsPort) {
  const repo = hashtagRepo(ctx.db);
  const visibleTo = (viewerId: string): Visible => {
    const now = nowIso();
    return (column) => notHidden(ctx.db, column, viewerId, now);
  };

  return {
    async postsOf(viewerId: string, tag: string, q: PostsPageQuery): Promise<{ posts: Post[]; pagination: ReturnType<typeof pageInfo> }> {
      const visible = visibleTo(viewerId);
      const [ids, total] = await Promise.all([
        repo.pageOfPostIds(tag, visible, q.limit, offsetOf(q.page, q.limit)),
        repo.countPosts(tag, visible),
      ]);
      return { posts: await posts.viewed(viewerId, ids), pagination: pageInfo(q.page, q.limit, total) };
    },

    trending: trendingTags(ctx.db, ctx.events),

    /** The exact tag first, then the others by posts; a prefix no tag could start with finds nothing. */
    async search(viewerId: string, query: string): Promise<FoundTag[]> {
      const prefix = normalizeHashtag(query.trim().replace(/^#+/, ''));
      if (!TAG_PREFIX.test(prefix) || [...prefix].length > HASHTAG_LIMITS.maxLength) return [];
      const candidates = await repo.startingWith(prefix, SEARCH_CANDIDATES);
      const counts = await repo.postCounts(candidates, visibleTo(viewerId));
      return candidates
        .flatMap((tag) => {
          const count = counts.get(tag) ?? 0;
          return count > 0 ? [{ tag, posts: count }] : [];
        })
        .sort((a, b) => Number(b.tag === prefix) - Number(a.tag === prefix) || b.posts - a.posts || (a.tag < b.tag ? -1 : 1))
        .slice(0, HASHTAG_LIMITS.searchResults);
    },
  };
}
export type HashtagService = ReturnType<typeof hashtagService>;
