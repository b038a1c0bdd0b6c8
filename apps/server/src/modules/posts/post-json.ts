/**
 * Feed pages rendered straight to JSON from posts rendered once. A kept post is its JSON without the
 * reader's own part (their reaction kinds and favorite mark, which the page query brings from the
 * timeline row). It is dropped when anything in it changes through this server (a reaction or comment
 * moves a counter, the author edits their profile: `postChanged` and `profileChanged`), and is never
 * older than `maxAgeMs`, which bounds how long a change made through another server (several servers
 * share one database behind REDIS_URL) can take to show.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { presentPublicUser } from '../users/presenters';
import type { PostPageRow } from './feed-page-repo';
import { presentMedia } from './presenters';
import { reactionCountsOf, totalOf } from './reaction-columns';

/** How many posts are kept; the oldest go first. About 1 KB each. */
export const KEPT_POSTS = 20_000;

interface Kept {
  authorId: string;
  /** The post's JSON up to, without, the reader's part and the closing brace. */
  json: string;
  renderedAt: number;
}

/** `currentUserReactions` for every bit set of REACTION_TYPES. */
const KINDS_JSON = Array.from({ length: 1 << REACTION_TYPES.length }, (_, bits) =>
  JSON.stringify(REACTION_TYPES.filter((_, i) => bits & (1 << i)) satisfies ReactionType[]),
);

/** The reader's part, closing the post. */
const readerPart = (kinds: number | null, favorite: number) => `,"currentUserReactions":${KINDS_JSON[Number(kinds ?? 0)]},"isFavorite":${Number(favorite) === 1}}`;

export interface PostJsonOptions {
  maxAgeMs: number;
  capacity?: number;
  now?: () => number;
}

export function postJsonRenderer(db: Db, events: EventBus, { maxAgeMs, capacity = KEPT_POSTS, now = Date.now }: PostJsonOptions) {
  const kept = new Map<string, Kept>();
  events.subscribe('postChanged', ({ postId }) => kept.delete(postId));
  events.subscribe('profileChanged', ({ userId }) => {
    for (const [id, post] of kept) if (post.authorId === userId) kept.delete(id);
  });

  /** Renders these posts in one query. */
  async function render(ids: string[]): Promise<void> {
    const at = now();
    const rows = await db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .selectAll('p')
      .select(['u.user_name', 'u.full_name', 'u.avatar_url', 'u.user_bio', 'u.created_at as author_created_at'])
      .where('p.id', 'in', ids)
      .execute();
    for (const r of rows) {
      const author = presentPublicUser({ id: r.author_id, user_name: r.user_name, full_name: r.full_name, avatar_url: r.avatar_url, user_bio: r.user_bio, created_at: r.author_created_at });
      const reactionCounts = reactionCountsOf(r);
      const json = JSON.stringify({
        _id: r.id,
        author,
        content: r.content,
        media: presentMedia(r.media),
        createdAt: r.created_at,
        reactionCounts,
        totalReactions: totalOf(reactionCounts),
        commentsCount: r.comments_count,
      });
      kept.delete(r.id);
      kept.set(r.id, { authorId: r.author_id, json: json.slice(0, -1), renderedAt: at });
      if (kept.size > capacity) kept.delete(kept.keys().next().value!);
    }
  }

  /** The page's posts as a JSON array, in the rows' order; a post deleted meanwhile is left out. */
  return async function renderPage(rows: readonly PostPageRow[]): Promise<string> {
    const oldest = now() - maxAgeMs;
    const stale = rows.filter(([id]) => !((kept.get(id)?.renderedAt ?? -Infinity) >= oldest)).map(([id]) => id);
    if (stale.length > 0) await render(stale);
    let out = '';
    for (const [id, kinds, favorite] of rows) {
      const post = kept.get(id);
      if (post) out += (out ? ',' : '') + post.json + readerPart(kinds, favorite);
    }
    return `[${out}]`;
  };
}
export type PostJsonRenderer = ReturnType<typeof postJsonRenderer>;
