/**
 * The post JSON cache: feed pages spliced straight into UTF-8 JSON from posts rendered once (post-cache.ts
 * keeps them and drops them when they change). A cached post is its JSON, encoded once, up to, without, the
 * reader's part and the closing brace; a page is copied together from those bytes and the reader's parts
 * without encoding anything.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import type { EventBus } from '../lib/events';
import { postCache, type PageRenderer, type PageRow, type PostCacheOptions } from './post-cache';

/**
 * The reader's part, closing the post, for every bit set of REACTION_TYPES, favorite mark and
 * suggestion (4 × 2^6 of them), encoded once: a page is then copied together without encoding
 * anything, and its byte length is known without counting.
 */
const READER_PARTS = Array.from({ length: 4 << REACTION_TYPES.length }, (_, i) => {
  const kinds = REACTION_TYPES.filter((_, k) => (i >> 2) & (1 << k)) satisfies ReactionType[];
  return Buffer.from(`,"currentUserReactions":${JSON.stringify(kinds)},"isFavorite":${(i & 2) !== 0}${i & 1 ? ',"suggested":true' : ''}}`);
});

const readerPart = (kinds: number | null, favorite: number, suggested: boolean) =>
  READER_PARTS[(Number(kinds ?? 0) << 2) | (Number(favorite) === 1 ? 2 : 0) | (suggested ? 1 : 0)];

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The page's posts as the chunks of a JSON array (UTF-8). */
function splice(rows: readonly PageRow[], posts: ReadonlyArray<{ kept: Buffer } | undefined>, timelineRows: number): Buffer[] {
  const chunks: Buffer[] = [OPEN];
  rows.forEach(([, kinds, favorite], i) => {
    const post = posts[i];
    if (!post) return;
    if (chunks.length > 1) chunks.push(COMMA);
    chunks.push(post.kept, readerPart(kinds, favorite, i >= timelineRows));
  });
  chunks.push(CLOSE);
  return chunks;
}

export function postJsonCache(events: EventBus, options: PostCacheOptions): PageRenderer<Buffer[]> {
  return postCache(events, options, { keep: (body) => Buffer.from(JSON.stringify(body).slice(0, -1)), assemble: splice });
}
