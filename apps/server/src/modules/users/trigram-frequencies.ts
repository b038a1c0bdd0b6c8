/**
 * How common each name trigram is (PostgreSQL), so a substring lookup reads the shortest run of
 * `name_trigrams` among its query's trigrams. The figures are PostgreSQL's own statistics of that
 * table (its most common values, kept by ANALYZE and autovacuum), read once and again every few
 * minutes: a run's length changes slowly, and a stale guess costs time, never a wrong answer, since
 * every row read is checked against the whole query.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';

/** How long the figures are used before they are read again. */
const REFRESH_MS = 10 * 60_000;

export function trigramFrequencies(db: Db) {
  let share = new Map<string, number>();
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  const read = async () => {
    try {
      const { rows } = await sql<{ trigram: string; share: number }>`
        select v.trigram, v.share
        from pg_stats s, unnest(s.most_common_vals::text::text[], s.most_common_freqs) as v(trigram, share)
        where s.schemaname = current_schema() and s.tablename = 'name_trigrams' and s.attname = 'trigram'`.execute(db);
      share = new Map(rows.map((r) => [r.trigram, r.share]));
    } catch {
      // Without figures every trigram looks equally rare: still right, only possibly slower.
    }
    readAt = Date.now();
  };

  return {
    /**
     * The trigram with the shortest run as far as the figures tell. One they do not list is rarer than
     * every one they do (ANALYZE keeps the most common), so it wins; among equals the last one, the
     * end of a query being the part that narrows it.
     */
    async rarest(trigrams: readonly string[]): Promise<string> {
      if (Date.now() - readAt > REFRESH_MS && !reading) {
        reading = read().finally(() => (reading = null));
        // The first search waits for the figures; later refreshes happen beside the searches.
        if (readAt === -Infinity) await reading;
      }
      let best = trigrams[trigrams.length - 1];
      let bestShare = share.get(best) ?? 0;
      for (const t of trigrams) {
        const s = share.get(t) ?? 0;
        if (s < bestShare) [best, bestShare] = [t, s];
      }
      return best;
    },
  };
}
