/**
 * Feed pages rendered straight to JSON. A post's JSON is split in two: a head that only the post and
 * its author's profile decide (id, author, text, images, time), rendered once and kept per author
 * revision, and a tail written for each read from its page row (counters, the reader's own reactions and
 * favorite mark). Nothing a reaction or comment changes is ever kept, and the page query reads the
 * author's revision every time, so a kept head is right on every server sharing the database.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import type { Db } from '../../db';
import { presentPublicUser } from '../users/presenters';
import { PAGE_ROW, type PostPageRow } from './feed-page-repo';
import { presentMedia } from './presenters';

/** How many heads are kept; the oldest go first. About 1 KB each. */
export const KEPT_POST_HEADS = 20_000;

interface Head {
  revision: number;
  /** The post's JSON up to and without its closing brace. */
  json: string;
}

/** `currentUserReactions` for every bit set of REACTION_TYPES. */
const KINDS_JSON = Array.from({ length: 1 << REACTION_TYPES.length }, (_, bits) =>
  JSON.stringify(REACTION_TYPES.filter((_, i) => bits & (1 << i)) satisfies ReactionType[]),
);
const COUNTER_KEYS = REACTION_TYPES.map((kind) => `"${kind}":`);

/** The per-read part, keys in the order of the contract's Post. */
function tail(row: PostPageRow): string {
  let counts = '';
  let total = 0;
  for (let i = 0; i < COUNTER_KEYS.length; i++) {
    const n = row[PAGE_ROW.firstCounter + i] as number;
    total += n;
    counts += (i ? ',' : '') + COUNTER_KEYS[i] + n;
  }
  const kinds = KINDS_JSON[Number(row[PAGE_ROW.viewerKinds] ?? 0)];
  const favorite = Number(row[PAGE_ROW.viewerFavorite]) === 1;
  return `,"reactionCounts":{${counts}},"totalReactions":${total},"currentUserReactions":${kinds},"commentsCount":${row[PAGE_ROW.commentsCount]},"isFavorite":${favorite}}`;
}

export function postJsonRenderer(db: Db, capacity = KEPT_POST_HEADS) {
  const heads = new Map<string, Head>();

  /** Renders the heads of these posts in one query. */
  async function renderHeads(ids: string[]): Promise<void> {
    const rows = await db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select(['p.id', 'p.content', 'p.media', 'p.created_at', 'u.id as author_id', 'u.user_name', 'u.full_name', 'u.avatar_url', 'u.user_bio', 'u.created_at as author_created_at', 'u.profile_revision'])
      .where('p.id', 'in', ids)
      .execute();
    for (const r of rows) {
      const author = presentPublicUser({ id: r.author_id, user_name: r.user_name, full_name: r.full_name, avatar_url: r.avatar_url, user_bio: r.user_bio, created_at: r.author_created_at });
      const json = JSON.stringify({ _id: r.id, author, content: r.content, media: presentMedia(r.media), createdAt: r.created_at });
      heads.delete(r.id);
      heads.set(r.id, { revision: r.profile_revision, json: json.slice(0, -1) });
      if (heads.size > capacity) heads.delete(heads.keys().next().value!);
    }
  }

  /** The page's posts as a JSON array, in the rows' order; a post deleted meanwhile is left out. */
  return async function renderPage(rows: readonly PostPageRow[]): Promise<string> {
    const stale = rows.filter((r) => heads.get(r[PAGE_ROW.id])?.revision !== r[PAGE_ROW.authorRevision]).map((r) => r[PAGE_ROW.id]);
    if (stale.length > 0) await renderHeads(stale);
    let out = '';
    for (const row of rows) {
      const head = heads.get(row[PAGE_ROW.id]);
      if (head) out += (out ? ',' : '') + head.json + tail(row);
    }
    return `[${out}]`;
  };
}
export type PostJsonRenderer = ReturnType<typeof postJsonRenderer>;
