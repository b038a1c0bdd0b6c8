/**
 * The post JSON cache: feed pages spliced straight into UTF-8 JSON from posts rendered once. A cached post
 * is its JSON, encoded once, without the reader's own part (their reaction kinds and favorite mark, which the page query
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
import type { EventBus } from '../lib/events';

/** How many posts are cached. About 1 KB each. */
const CACHED_POSTS = 20_000;

/**
 * How long past its maximum age a post no page asked for again is kept before it is let go: longer than
 * any rendering takes, so none goes between its rendering and its page. Without it a post no longer shown
 * stayed until CACHED_POSTS newer ones pushed it out, and memory grew for hours on a quiet instance.
 */
const KEPT_PAST_AGE_MS = 60_000;

/** One post of a page (modules/posts/feed-page-repo.ts `PostPageRow`): its id and the reader's marks on it. */
type PageRow = readonly [
  id: string,
  /** The reader's reaction kinds as a bit set in REACTION_TYPES order. */
  readerKinds: number | null,
  readerFavorite: number,
];

/** A post as the feature presents it, without the reader's part (modules/posts/presenters.ts `presentPostBody`). */
export interface RenderedPost {
  id: string;
  authorId: string;
  body: object;
}

interface Cached {
  authorId: string;
  /** The post's JSON up to, without, the reader's part and the closing brace, as UTF-8. */
  json: Buffer;
  renderedAt: number;
  /** When it was put in the cache, whatever `renderedAt` says: what the sweep goes by. */
  keptAt: number;
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
  /** Reads and presents these posts (one query); a post deleted meanwhile is left out. */
  render: (ids: string[]) => Promise<RenderedPost[]>;
  maxAgeMs: number;
  capacity?: number;
  now?: () => number;
}

/** Turns a page's rows (the timeline's, then the suggested ones) into the chunks of a JSON array. */
export type PageRenderer = ((rows: readonly PageRow[], suggestedRows?: readonly PageRow[]) => Promise<Buffer[]>) & {
  /** How many posts are held now (a gauge for operators, and for tests). */
  cachedPosts(): number;
};

// Long: a factory; its parts are short and share the rendered posts kept here and the events that drop them.
export function postJsonCache(
  events: EventBus,
  { render: present, maxAgeMs, capacity = CACHED_POSTS, now = Date.now }: PostJsonOptions,
): PageRenderer {
  // Age is checked by `renderedAt` rather than the cache's own TTL: a maximum age of 0 must still show
  // the posts just rendered for this page.
  const cached = new LRUCache<string, Cached>({ max: capacity });
  // Counts the drops: posts read before one and rendered after it may hold what it dropped.
  let generation = 0;
  events.subscribe('postChanged', ({ postId }) => {
    generation++;
    cached.delete(postId);
  });
  events.subscribe('profileChanged', ({ userId }) => {
    generation++;
    const theirs: string[] = [];
    cached.forEach((post, id) => {
      if (post.authorId === userId) theirs.push(id);
    });
    for (const id of theirs) cached.delete(id);
  });

  /** Renderings under way by post id, with the generation each started in. */
  const rendering = new Map<string, { since: number; done: Promise<void> }>();

  /** Renders these posts in one query. */
  async function render(ids: string[]): Promise<void> {
    const started = now();
    const since = generation;
    const rendered = await present(ids);
    // Shown on this page either way; cached for the next ones only when nothing was dropped meanwhile.
    const at = since === generation ? started : -Infinity;
    for (const { id, authorId, body } of rendered) {
      const json = JSON.stringify(body);
      cached.set(id, { authorId, json: Buffer.from(json.slice(0, -1)), renderedAt: at, keptAt: now() });
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

  /** At most once a minute, lets go of the posts no page has wanted since well past their maximum age. */
  let nextSweep = now() + KEPT_PAST_AGE_MS;
  function sweep(at: number): void {
    if (at < nextSweep) return;
    nextSweep = at + KEPT_PAST_AGE_MS;
    const before = at - maxAgeMs - KEPT_PAST_AGE_MS;
    const gone: string[] = [];
    cached.forEach((post, id) => {
      if (post.keptAt < before) gone.push(id);
    });
    for (const id of gone) cached.delete(id);
  }

  /**
   * The page's posts as the chunks of a JSON array (UTF-8), the timeline's rows then the suggested
   * ones, each in its rows' order; a post deleted meanwhile is left out.
   */
  const renderPage = async function renderPage(rows: readonly PageRow[], suggestedRows: readonly PageRow[] = []): Promise<Buffer[]> {
    const at = now();
    sweep(at);
    const oldest = at - maxAgeMs;
    const all = suggestedRows.length > 0 ? [...rows, ...suggestedRows] : rows;
    let posts = all.map(([id]) => cached.get(id));
    const stale = all.filter((_, i) => !((posts[i]?.renderedAt ?? -Infinity) >= oldest)).map(([id]) => id);
    if (stale.length > 0) {
      await renderOnce(stale);
      posts = all.map(([id]) => cached.get(id));
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
  return Object.assign(renderPage, { cachedPosts: () => cached.size });
}
