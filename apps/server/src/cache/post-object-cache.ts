/**
 * Feed pages as plain objects from posts rendered once (post-cache.ts keeps them and drops them when they
 * change): each post a copy of the kept one with the reader's part merged in, for a serializer to encode.
 * The feed's way without byte splicing (Config.without `byteSplicing`), to measure what splicing earns.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import type { EventBus } from '../lib/events';
import { postCache, type PageRenderer, type PageRow, type PostCacheOptions } from './post-cache';

/** What a post holds for its reader alone, merged into the kept post on every page. */
export interface ReaderPart {
  currentUserReactions: ReactionType[];
  isFavorite: boolean;
  suggested?: true;
}

function merge<Body extends object>(
  rows: readonly PageRow[],
  posts: ReadonlyArray<{ kept: Body } | undefined>,
  timelineRows: number,
): Array<Body & ReaderPart> {
  return rows.flatMap(([, kinds, favorite], i) => {
    const post = posts[i];
    if (!post) return [];
    const bits = Number(kinds ?? 0);
    return [
      {
        ...post.kept,
        currentUserReactions: REACTION_TYPES.filter((_, k) => bits & (1 << k)),
        isFavorite: Number(favorite) === 1,
        ...(i >= timelineRows ? { suggested: true as const } : {}),
      },
    ];
  });
}

export function postObjectCache<Body extends object>(
  events: EventBus,
  options: PostCacheOptions<Body>,
): PageRenderer<Array<Body & ReaderPart>> {
  return postCache(events, options, { keep: (body: Body) => body, assemble: merge<Body> });
}
