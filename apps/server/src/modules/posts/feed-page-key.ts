/**
 * PostgreSQL's covering timeline key for feed pages (migration 0092): what state it is in, and building
 * it concurrently with progress then swapping it in, for `npm run db:maintain` on a timeline table too
 * large for the migration (docs/decisions/feed-page-key.md). The feed reads work with either key;
 * PostgreSQL plans them again once the key changes.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';

/** The covering key while it is built, before it becomes `feed_items_pk`. */
const BUILDING = 'feed_items_covering_key';

/**
 * `covering`: done. `plain`: the key without the marks, nothing built yet. `building`: another session
 * is building the covering key right now. `interrupted`: a build was cancelled or its session died,
 * leaving an invalid index that only dropping and building again helps. `built`: built, not swapped in.
 */
export type FeedPageKeyState = 'covering' | 'plain' | 'building' | 'interrupted' | 'built';

export async function feedPageKeyState(db: Db): Promise<FeedPageKeyState> {
  const { rows } = await sql<{ covering: boolean; valid: boolean | null; building: boolean }>`
    select
      (select i.indnatts > i.indnkeyatts from pg_constraint c join pg_index i on i.indexrelid = c.conindid
        where c.conrelid = to_regclass('feed_items') and c.contype = 'p') as covering,
      (select i.indisvalid and i.indisready from pg_index i where i.indexrelid = to_regclass(${BUILDING})) as valid,
      exists (select 1 from pg_stat_progress_create_index p where p.index_relid = to_regclass(${BUILDING})) as building`.execute(db);
  const found = rows[0];
  if (found?.covering) return 'covering';
  if (found?.valid === null || found?.valid === undefined) return 'plain';
  if (found.valid) return 'built';
  return found.building ? 'building' : 'interrupted';
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

/** The swap waits this long for the table's lock (behind running reads and writes) before trying again. */
const SWAP_LOCK_WAIT = '2s';
const SWAP_TRIES = 10;

/**
 * The swap is one ALTER TABLE under a brief exclusive lock: the key's columns are already not null
 * and unique, so nothing is scanned. A lock that does not come soon is given up and asked for again,
 * so the reads and writes queued behind it wait at most that long.
 */
async function swapIn(db: Db, log: (line: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.connection().execute(async (session) => {
        await sql`set lock_timeout = ${sql.lit(SWAP_LOCK_WAIT)}`.execute(session);
        try {
          await sql`alter table feed_items drop constraint feed_items_pk,
            add constraint feed_items_pk primary key using index ${sql.id(BUILDING)}`.execute(session);
        } finally {
          await sql`reset lock_timeout`.execute(session);
        }
      });
      return;
    } catch (err) {
      // 55P03: lock_not_available.
      if ((err as { code?: string }).code !== '55P03' || attempt === SWAP_TRIES) throw err;
      log(`  the timeline table is busy; asking for its lock again (${attempt}/${SWAP_TRIES})`);
    }
  }
}

/**
 * Builds the covering key without blocking the timeline's writes (CREATE UNIQUE INDEX CONCURRENTLY),
 * reporting the build's phase every `progressEveryMs`, then swaps it in for the plain key. Idempotent:
 * a covering key is left alone. Resumable: an index left invalid by an interrupted build is dropped
 * (concurrently too) and built again; one built but not swapped in is swapped in. The statements must
 * run without a statement timeout (`db` is opened for that).
 */
export async function buildFeedPageKey(db: Db, log: (line: string) => void, progressEveryMs = 10_000): Promise<BuildOutcome> {
  const before = await feedPageKeyState(db);
  if (before === 'covering') return 'already-built';
  if (before === 'building')
    throw new Error(`${BUILDING} is being built by another session right now; let it finish (or cancel it) and run this again.`);
  if (before === 'interrupted') {
    log(`${BUILDING} is left over from an interrupted build: dropping it to build it again.`);
    await sql`drop index concurrently if exists ${sql.id(BUILDING)}`.execute(db);
  }
  if (before !== 'built') {
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
    log("Building the timeline's covering key concurrently (the feed keeps working meanwhile)…");
    try {
      await sql`create unique index concurrently ${sql.id(BUILDING)}
        on feed_items (owner_id, post_id) include (reader_kinds, reader_favorite)`.execute(db);
    } finally {
      clearInterval(timer);
    }
    log(`Built ${BUILDING} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const swapStarted = Date.now();
  await swapIn(db, log);
  log(`Swapped it in as feed_items_pk in ${((Date.now() - swapStarted) / 1000).toFixed(1)} s.`);
  return before === 'interrupted' ? 'rebuilt' : 'built';
}
