/** SQL for the link preview cache: one row per normalized link, reused until it expires. */
import type { Db } from '../../db';

export interface CachedCard {
  /** JSON of the card without its `url`; null: the last read failed or found nothing. */
  card: string | null;
  expiresAt: string;
}

export function linkPreviewRepo(db: Db) {
  return {
    async find(urlKey: string, now: string): Promise<CachedCard | null> {
      const row = await db
        .selectFrom('link_previews')
        .select(['card', 'expires_at'])
        .where('url_key', '=', urlKey)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { card: row.card, expiresAt: row.expires_at } : null;
    },

    /** Writes or replaces the row of `urlKey` (two servers reading the same link at once both write; either wins). */
    async save(urlKey: string, card: string | null, fetchedAt: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('link_previews')
        .values({ url_key: urlKey, card, fetched_at: fetchedAt, expires_at: expiresAt })
        .onConflict((oc) => oc.column('url_key').doUpdateSet({ card, fetched_at: fetchedAt, expires_at: expiresAt }))
        .execute();
    },

    /** Drops rows that expired before `now`; the images of their cards stay, the texts that show them still use them. */
    async sweep(now: string): Promise<number> {
      const res = await db.deleteFrom('link_previews').where('expires_at', '<=', now).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
