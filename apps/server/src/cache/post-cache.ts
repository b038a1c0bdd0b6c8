/**
 * The feed's post cache: each post rendered once and kept without the reader's own part (their reaction
 * kinds and favorite mark, which the page query brings from the timeline row), in the form a page is put
 * together from: its JSON bytes (post-json-cache.ts) or the object itself (post-object-cache.ts). A post is
 * dropped when anything in it changes (a reaction or comment moves a counter, the author edits their
 * profile: `postChanged` and `profileChanged`, which servers sharing a database relay to each other over
 * Redis, lib/event-relay.ts), and is never older than `maxAgeMs`, which bounds what no event announces: a
 * write from outside any server, or one made while Redis was away. The least recently shown go first when
 * the cache is full.
 *
 * Pages that find the same post stale while it is being rendered wait for that rendering instead of
 * reading it again: a post on many readers' first page went stale on all of them at once, and each
 * request in flight then read and rendered it anew (a thousand readers' pages ran a render statement
 * for three pages in four).
 */
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
export type PageRow = readonly [
  id: string,
  /** The reader's reaction kinds as a bit set in REACTION_TYPES order. */
  readerKinds: number | null,
  readerFavorite: number,
];

/** A post as the feature presents it, without the reader's part (modules/posts/presenters.ts `presentPostBody`). */
export interface RenderedPost<Body extends object = object> {
  id: string;
  authorId: string;
  body: Body;
}

interface Cached<Kept> {
  authorId: string;
  kept: Kept;
  renderedAt: number;
  /** When it was put in the cache, whatever `renderedAt` says: what the sweep goes by. */
  keptAt: number;
}

export interface PostCacheOptions<Body extends object = object> {
  /** Reads and presents these posts (one query); a post deleted meanwhile is left out. */
  render: (ids: string[]) => Promise<RenderedPost<Body>[]>;
  maxAgeMs: number;
  capacity?: number;
  now?: () => number;
}

/** How a page is made of kept posts: what is kept of a rendered post, and how a page's rows and posts make the page. */
export interface PageForm<Body extends object, Kept, Page> {
  keep: (body: Body) => Kept;
  /**
   * The page of `rows` (the timeline's first `timelineRows`, then the suggested ones) and their kept posts, in
   * the same order; a post deleted meanwhile is undefined and left out.
   */
  assemble: (rows: readonly PageRow[], posts: ReadonlyArray<{ kept: Kept } | undefined>, timelineRows: number) => Page;
}

/** Turns a page's rows (the timeline's, then the suggested ones) into a page of posts. */
export type PageRenderer<Page> = ((rows: readonly PageRow[], suggestedRows?: readonly PageRow[]) => Promise<Page>) & {
  /** How many posts are held now (a gauge for operators, and for tests). */
  cachedPosts(): number;
};

// Long: a factory; its parts are short and share the rendered posts kept here and the events that drop them.
export function postCache<Body extends object, Kept, Page>(
  events: EventBus,
  { render: present, maxAgeMs, capacity = CACHED_POSTS, now = Date.now }: PostCacheOptions<Body>,
  { keep, assemble }: PageForm<Body, Kept, Page>,
): PageRenderer<Page> {
  // Age is checked by `renderedAt` rather than the cache's own TTL: a maximum age of 0 must still show
  // the posts just rendered for this page.
  const cached = new LRUCache<string, Cached<Kept>>({ max: capacity });
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
    for (const { id, authorId, body } of rendered) cached.set(id, { authorId, kept: keep(body), renderedAt: at, keptAt: now() });
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

  /** The page of the timeline's rows then the suggested ones, each in its rows' order; a post deleted meanwhile is left out. */
  const renderPage = async function renderPage(rows: readonly PageRow[], suggestedRows: readonly PageRow[] = []): Promise<Page> {
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
    return assemble(all, posts, rows.length);
  };
  return Object.assign(renderPage, { cachedPosts: () => cached.size });
}
