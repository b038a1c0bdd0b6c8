/**
 * PostgreSQL's covering index for feed pages (`feed_items_page_idx`, migration 0092): what state it is
 * in, and building it concurrently with progress, for `npm run db:maintain` on a timeline table too
 * large for the migration to index (docs/decisions/feed-page-index.md). The feed reads work with or
 * without it; PostgreSQL picks it up in plans made after it is built.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';

const INDEX = 'feed_items_page_idx';

/**
 * `building`: another session is building it right now; `invalid`: a build was interrupted, and the
 * index is neither used by reads nor complete (only dropping it and building again helps).
 */
export type FeedPageIndexState = 'valid' | 'missing' | 'invalid' | 'building';

export async function feedPageIndexState(db: Db): Promise<FeedPageIndexState> {
  const { rows } = await sql<{ valid: boolean; building: boolean }>`
    select i.indisvalid and i.indisready as valid,
      exists (select 1 from pg_stat_progress_create_index p where p.index_relid = i.indexrelid) as building
    from pg_index i where i.indexrelid = to_regclass(${INDEX})`.execute(db);
  const found = rows[0];
  if (!found) return 'missing';
  if (found.valid) return 'valid';
  return found.building ? 'building' : 'invalid';
}

export type BuildOutcome = 'built' | 'rebuilt' | 'already-built';

interface Progress {
  phase: string;
  blocks_done: number;
  blocks_total: number;
  tuples_done: number;
  tuples_total: number;
}

const percent = (done: number, total: number) => (total > 0 ? ` ${((100 * done) / total).toFixed(0)}%` : '');

/** One line for the build's current phase, e.g. "building index: scanning table 42%". */
function describeProgress(p: Progress): string {
  const share = p.blocks_total > 0 ? percent(p.blocks_done, p.blocks_total) : percent(p.tuples_done, p.tuples_total);
  return `${p.phase}${share}`;
}

/**
 * Builds the index without blocking the timeline's writes (CREATE INDEX CONCURRENTLY), reporting the
 * build's phase every `progressEveryMs`. Idempotent: a valid index is left alone. Resumable: an invalid
 * one, left by a build that was cancelled or whose session died, is dropped (concurrently too) and built
 * again. The statements must run without a statement timeout (`db` is opened for that).
 */
export async function buildFeedPageIndex(db: Db, log: (line: string) => void, progressEveryMs = 10_000): Promise<BuildOutcome> {
  const before = await feedPageIndexState(db);
  if (before === 'valid') return 'already-built';
  if (before === 'building')
    throw new Error(`${INDEX} is being built by another session right now; let it finish (or cancel it) and run this again.`);
  if (before === 'invalid') {
    log(`${INDEX} is left over from an interrupted build: dropping it to build it again.`);
    await sql`drop index concurrently if exists ${sql.id(INDEX)}`.execute(db);
  }
  let last = '';
  const report = async () => {
    const { rows } = await sql<Progress>`select phase, blocks_done, blocks_total, tuples_done, tuples_total
      from pg_stat_progress_create_index where relid = to_regclass('feed_items')`.execute(db);
    const line = rows[0] ? describeProgress(rows[0]) : '';
    if (line && line !== last) log(`  ${line}`);
    last = line;
  };
  const timer = setInterval(() => void report().catch(() => {}), progressEveryMs);
  const started = Date.now();
  log(`Building ${INDEX} concurrently (the feed keeps working meanwhile)…`);
  try {
    await sql`create index concurrently ${sql.id(INDEX)} on feed_items (owner_id, post_id) include (reader_kinds, reader_favorite)`.execute(
      db,
    );
  } finally {
    clearInterval(timer);
  }
  log(`Built ${INDEX} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return before === 'invalid' ? 'rebuilt' : 'built';
}
