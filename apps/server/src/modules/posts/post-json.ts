/**
 * Feed pages rendered straight to JSON from posts rendered once. A kept post is its JSON without the
 * reader's own part (their reaction kinds and favorite mark, which the page query brings from the
 * timeline row). It is dropped when anything in it changes (a reaction or comment moves a counter, the
 * author edits their profile: `postChanged` and `profileChanged`, which servers sharing a database
 * relay to each other over Redis, lib/event-relay.ts), and is never older than `maxAgeMs`, which bounds
 * what no event announces: a write from outside any server, or one made while Redis was away. The
 * least recently shown go first when the cache is full.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { feedPageRepo, type PostPageRow, type PostToRender } from './feed-page-repo';
import { presentPostBody } from './presenters';

/** How many posts are kept. About 1 KB each. */
export const KEPT_POSTS = 20_000;

interface Kept {
  authorId: string;
  /** The post's JSON up to, without, the reader's part and the closing brace. */
  json: string;
  renderedAt: number;
}

const SUGGESTED = 1;
const FAVORITE = 2;
/**
 * The reader's part, closing the post, for every combination of reaction kinds (a bit set in
 * REACTION_TYPES order), favorite mark and whether the post is a suggestion.
 */
const READER_PARTS = Array.from({ length: (1 << REACTION_TYPES.length) * 4 }, (_, i) => {
  const kinds = REACTION_TYPES.filter((_, k) => (i >> 2) & (1 << k)) satisfies ReactionType[];
  return `,"currentUserReactions":${JSON.stringify(kinds)},"isFavorite":${(i & FAVORITE) !== 0}${i & SUGGESTED ? ',"suggested":true' : ''}}`;
});
const readerPart = (kinds: number | null, favorite: number, suggested: boolean) =>
  READER_PARTS[(Number(kinds ?? 0) << 2) | (Number(favorite) === 1 ? FAVORITE : 0) | (suggested ? SUGGESTED : 0)];

export interface PostJsonOptions {
  maxAgeMs: number;
  capacity?: number;
  now?: () => number;
}

export interface PostJsonRenderer {
  /**
   * The page's posts as a JSON array, the timeline's rows then the suggested ones, each in its rows'
   * order; a post deleted meanwhile is left out.
   */
  page(rows: readonly PostPageRow[], suggestedRows?: readonly PostPageRow[]): Promise<string>;
  /** The same at once: undefined when posts must be rendered and the database cannot answer synchronously. */
  pageNow(rows: readonly PostPageRow[], suggestedRows?: readonly PostPageRow[]): string | undefined;
}

export function postJsonRenderer(
  db: Db,
  events: EventBus,
  { maxAgeMs, capacity = KEPT_POSTS, now = Date.now }: PostJsonOptions,
): PostJsonRenderer {
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

  function keep(rendered: readonly PostToRender[], at: number): void {
    for (const { post, author } of rendered) {
      const json = JSON.stringify(presentPostBody(post, author));
      kept.set(post.id, { authorId: author.id, json: json.slice(0, -1), renderedAt: at });
    }
  }

  /** The ids of the posts not kept, or kept longer than the maximum age. */
  function staleOf(rows: readonly PostPageRow[], suggestedRows: readonly PostPageRow[], oldest: number): string[] {
    const stale: string[] = [];
    for (const list of [rows, suggestedRows])
      for (const [id] of list) if (!((kept.peek(id)?.renderedAt ?? -Infinity) >= oldest)) stale.push(id);
    return stale;
  }

  function assemble(rows: readonly PostPageRow[], suggestedRows: readonly PostPageRow[]): string {
    let text = '';
    for (const [list, suggested] of [
      [rows, false],
      [suggestedRows, true],
    ] as const)
      for (const [id, kinds, favorite] of list) {
        const post = kept.get(id);
        if (!post) continue;
        text += (text ? ',' : '') + post.json + readerPart(kinds, favorite, suggested);
      }
    return `[${text}]`;
  }

  return {
    async page(rows, suggestedRows = []) {
      const at = now();
      const stale = staleOf(rows, suggestedRows, at - maxAgeMs);
      if (stale.length > 0) {
        const since = generation;
        const rendered = await pages.postsToRender(stale);
        // Shown on this page, and rendered again for the next one when something was dropped meanwhile.
        keep(rendered, since === generation ? at : -Infinity);
      }
      return assemble(rows, suggestedRows);
    },
    pageNow(rows, suggestedRows = []) {
      const at = now();
      const stale = staleOf(rows, suggestedRows, at - maxAgeMs);
      if (stale.length > 0) {
        const rendered = pages.postsToRenderNow(stale);
        if (!rendered) return undefined;
        keep(rendered, at);
      }
      return assemble(rows, suggestedRows);
    },
  };
}
