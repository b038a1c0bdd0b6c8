/**
 * Feed pages rendered straight to UTF-8 JSON from posts rendered once. A kept post is its JSON, encoded
 * once, without the reader's own part (their reaction kinds and favorite mark, which the page query
 * brings from the timeline row). It is dropped when anything in it changes (a reaction or comment
 * moves a counter, the author edits their profile: `postChanged` and `profileChanged`, which servers
 * sharing a database relay to each other over Redis, lib/event-relay.ts), and is never older than
 * `maxAgeMs`, which bounds
 * what no event announces: a write from outside any server, or one made while Redis was away. The
 * least recently shown go first when the cache is full.
 *
 * Pages that find the same post stale while it is being rendered wait for that rendering instead of
 * reading it again: a post on many readers' first page went stale on all of them at once, and each
 * request in flight then read and rendered it anew (a thousand readers' pages ran a render statement
 * for three pages in four).
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { feedPageRepo, type PostPageRow } from './feed-page-repo';
import { presentPostBody } from './presenters';

/** How many posts are kept. About 1 KB each. */
export const KEPT_POSTS = 20_000;

interface Kept {
  authorId: string;
  /** The post's JSON up to, without, the reader's part and the closing brace, as UTF-8. */
  json: Buffer;
  renderedAt: number;
}

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

export interface PostJsonOptions {
  maxAgeMs: number;
  capacity?: number;
  now?: () => number;
}

export function postJsonRenderer(db: Db, events: EventBus, { maxAgeMs, capacity = KEPT_POSTS, now = Date.now }: PostJsonOptions) {
  const pages = feedPageRepo(db);
  // Age is checked by `renderedAt` rather than the cache's own TTL: a maximum age of 0 must still show
  // the posts just rendered for this page.
  const kept = new LRUCache<string, Kept>({ max: capacity });
  // Counts the drops: posts read before one and rendered after it may hold what it dropped.
  let generation = 0;
  events.subscribe('postChanged', ({ postId }) => {
    generation++;
    kept.delete(postId);
  });
  events.subscribe('profileChanged', ({ userId }) => {
    generation++;
    const theirs: string[] = [];
    kept.forEach((post, id) => {
      if (post.authorId === userId) theirs.push(id);
    });
    for (const id of theirs) kept.delete(id);
  });

  /** Renderings under way by post id, with the generation each started in. */
  const rendering = new Map<string, { since: number; done: Promise<void> }>();

  /** Renders these posts in one query. */
  async function render(ids: string[]): Promise<void> {
    const started = now();
    const since = generation;
    const rendered = await pages.postsToRender(ids);
    // Shown on this page either way; kept for the next ones only when nothing was dropped meanwhile.
    const at = since === generation ? started : -Infinity;
    for (const { post, author } of rendered) {
      const json = JSON.stringify(presentPostBody(post, author));
      kept.set(post.id, { authorId: author.id, json: Buffer.from(json.slice(0, -1)), renderedAt: at });
    }
  }

  /**
   * Renders the posts not already being rendered and waits for those that are. A rendering that began
   * before a drop may hold what was dropped, so it is joined only while nothing was dropped since.
   */
  function renderOnce(ids: string[]): Promise<unknown> {
    const waits: Promise<void>[] = [];
    const fresh: string[] = [];
    for (const id of ids) {
      const under = rendering.get(id);
      if (under && under.since === generation) waits.push(under.done);
      else fresh.push(id);
    }
    if (fresh.length > 0) {
      const since = generation;
      const done = render(fresh).finally(() => {
        for (const id of fresh) if (rendering.get(id)?.done === done) rendering.delete(id);
      });
      for (const id of fresh) rendering.set(id, { since, done });
      waits.push(done);
    }
    return Promise.all(waits);
  }

  /**
   * The page's posts as the chunks of a JSON array (UTF-8), the timeline's rows then the suggested
   * ones, each in its rows' order; a post deleted meanwhile is left out.
   */
  return async function renderPage(rows: readonly PostPageRow[], suggestedRows: readonly PostPageRow[] = []): Promise<Buffer[]> {
    const oldest = now() - maxAgeMs;
    const all = suggestedRows.length > 0 ? [...rows, ...suggestedRows] : rows;
    let posts = all.map(([id]) => kept.get(id));
    const stale = all.filter((_, i) => !((posts[i]?.renderedAt ?? -Infinity) >= oldest)).map(([id]) => id);
    if (stale.length > 0) {
      await renderOnce(stale);
      posts = all.map(([id]) => kept.get(id));
    }
    const chunks: Buffer[] = [OPEN];
    all.forEach(([, kinds, favorite], i) => {
      const post = posts[i];
      if (!post) return;
      if (chunks.length > 1) chunks.push(COMMA);
      chunks.push(post.json, readerPart(kinds, favorite, i >= rows.length));
    });
    chunks.push(CLOSE);
    return chunks;
  };
}
