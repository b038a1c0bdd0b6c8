/**
 * Turns a page of post ids into Post objects for one viewer in one batched query, whatever the page
 * size: the posts with their counters, their authors, and the viewer's reactions and favorite mark.
 */
import { REACTION_TYPES, type Post } from '@plaza/contract';
import type { Db } from '../../db';
import type { PublicUserColumns } from '../users';
import { presentPost, type ViewerState } from './presenters';
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
    // Keeps the caller's order; an id whose post was deleted meanwhile is skipped.
    return ids.flatMap((id) => {
      const row = rowById.get(id);
      return row ? [presentPost(row, authorOf(row), viewerStateOf(row))] : [];
    });
  };
}
