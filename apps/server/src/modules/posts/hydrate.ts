/**
 * Turns a page of post ids into Post objects for one viewer in one batched query, whatever the page
 * size: the posts with their counters, their authors, and the viewer's reactions and favorite mark.
 * The home feed hydrates through the post cache instead (`feedPageRenderer`).
 */
import { REACTION_TYPES, type Post } from '@plaza/contract';
import type { PageRenderer, PageRow } from '../../cache/post-cache';
import { postJsonCache } from '../../cache/post-json-cache';
import { postObjectCache } from '../../cache/post-object-cache';
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { mentionsOf } from '../mentions';
import type { PublicUserColumns } from '../users';
import { feedPageRepo } from './feed-page-repo';
import { presentPost, presentPostBody, type ViewerState } from './presenters';
import { postRepo, type ViewedPostRow } from './repo';

function authorOf(row: ViewedPostRow): PublicUserColumns {
  return {
    id: row.author_id,
    user_name: row.author_user_name,
    full_name: row.author_full_name,
    avatar_url: row.author_avatar_url,
    user_bio: row.author_user_bio,
    created_at: row.author_created_at,
  };
}

function viewerStateOf(row: ViewedPostRow): ViewerState {
  const bits = Number(row.viewer_kinds ?? 0);
  return { reactions: REACTION_TYPES.filter((_, i) => bits & (1 << i)), favorite: Number(row.viewer_favorite) === 1 };
}

export function postHydrator(db: Db) {
  const posts = postRepo(db);

  return async function hydrate(viewerId: string, ids: readonly string[]): Promise<Post[]> {
    if (ids.length === 0) return [];
    const rows = await posts.findViewed(viewerId, ids);
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const mentions = await mentionsOf(
      db,
      'post',
      rows.map((r) => ({ id: r.id, text: r.content })),
    );
    // Keeps the caller's order; an id whose post was deleted meanwhile is skipped.
    return ids.flatMap((id) => {
      const row = rowById.get(id);
      return row ? [presentPost(row, authorOf(row), mentions.get(id) ?? [], viewerStateOf(row))] : [];
    });
  };
}

/** Reads and presents the posts of a feed page that the post cache lacks (cache/post-cache.ts), in one query. */
function feedPostsToRender(db: Db) {
  const pages = feedPageRepo(db);
  return async (ids: string[]) => {
    const rows = await pages.postsToRender(ids);
    const mentions = await mentionsOf(
      db,
      'post',
      rows.map(({ post }) => ({ id: post.id, text: post.content })),
    );
    return rows.map(({ post, author }) => ({
      id: post.id,
      authorId: author.id,
      body: presentPostBody(post, author, mentions.get(post.id) ?? []),
    }));
  };
}

/**
 * The home feed's hydration: a page's posts as JSON from the post JSON cache (cache/post-json-cache.ts),
 * each read and presented here when the cache has none, or one older than `maxAgeMs`.
 */
export function feedPostRenderer(db: Db, events: EventBus, { maxAgeMs }: { maxAgeMs: number }): PageRenderer<Buffer[]> {
  return postJsonCache(events, { maxAgeMs, render: feedPostsToRender(db) });
}

/** A feed page's posts as the route sends them: JSON chunks to splice in, or objects for a serializer. */
export type FeedPosts = { feedsJson: Buffer[] } | { feeds: Post[] };

/** `renderer`'s pages, each as `wrap` makes it. */
function wrapped<Page, Wrapped>(renderer: PageRenderer<Page>, wrap: (page: Page) => Wrapped): PageRenderer<Wrapped> {
  return Object.assign(async (rows: readonly PageRow[], suggested?: readonly PageRow[]) => wrap(await renderer(rows, suggested)), {
    cachedPosts: () => renderer.cachedPosts(),
  });
}

/**
 * The home feed's posts, spliced from cached JSON or, without `spliced` (a benchmark's A/B of byte
 * splicing), as objects from the same cache keeping objects instead (cache/post-object-cache.ts).
 */
export function feedPageRenderer(
  db: Db,
  events: EventBus,
  { maxAgeMs, spliced }: { maxAgeMs: number; spliced: boolean },
): PageRenderer<FeedPosts> {
  return spliced
    ? wrapped(feedPostRenderer(db, events, { maxAgeMs }), (feedsJson) => ({ feedsJson }))
    : wrapped(postObjectCache(events, { maxAgeMs, render: feedPostsToRender(db) }), (feeds) => ({ feeds }));
}
