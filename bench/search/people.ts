/**
 * The search benchmark's people: made of the demo seed's names (plus a few that share a prefix, so
 * `mar` has many hits) and bulk-inserted in big transactions, straight through Kysely.
 */
import { sql } from 'kysely';
import { newId, hashPassword, FIRST_NAMES, LAST_NAMES, type Db, type UserRow } from '../../apps/server/src/for-benchmarks';

export const FIRST = [...FIRST_NAMES, 'Mark', 'Maria', 'Martin'];
export const LAST = [...LAST_NAMES, 'Moreau', 'Svensson', 'Nakamura', 'Oyelaran', 'Fischer'];

/** Person 0, the one the benchmark logs in as. */
export const BENCH_USER = 'bench_user';
export const PASSWORD = 'bench-password-123';

/** Inserts `count` people (ten transactions of 1,000-row inserts at a time), then refreshes the planner's statistics. */
export async function loadPeople(db: Db, count: number, postgres: boolean): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const base = Date.now() - 365 * 86_400_000;
  const row = (i: number): UserRow => {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const userName = i === 0 ? BENCH_USER : `${first}.${last}${i}`;
    const fullName = i === 0 ? 'Bench User' : `${first} ${last}`;
    const at = new Date(base + i * 300_000).toISOString();
    return {
      id: newId(),
      user_name: userName,
      user_name_lower: userName.toLowerCase(),
      full_name: fullName,
      full_name_lower: fullName.toLowerCase(),
      email: `${userName.toLowerCase()}@bench.example`,
      role: 'member',
      suspended_until: null,
      user_bio: null,
      avatar_url: null,
      avatar_thumb_url: null,
      password_hash: hash,
      created_at: at,
      updated_at: at,
      email_verified_at: at,
      language: 'en',
      deleted_at: null,
      remote_host: null,
      profile_url: null,
    };
  };
  const BATCH = 1000;
  for (let from = 0; from < count; from += 10 * BATCH) {
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < Math.min(count, from + 10 * BATCH); i += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => row(i + k));
        await trx.insertInto('users').values(rows).execute();
      }
    });
    if ((from / (10 * BATCH)) % 20 === 19) console.log(`  ${(from + 10 * BATCH).toLocaleString('en')} users…`);
  }
  await analyze(db, postgres);
}

/**
 * Fresh planner statistics, and the trigram index in one piece: on PostgreSQL a vacuum merges the GIN
 * indexes' pending lists, on SQLite `optimize` merges the FTS5 segments the bulk load left (a lookup
 * for `zzqx` among 100,000 people: 94 µs of SQLite CPU before, 11 µs after). Both are what an
 * operator's maintenance does after a bulk import; cheap when there is nothing to merge.
 */
export async function analyze(db: Db, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql`vacuum analyze users`.execute(db);
    // The trigram runs in name order (migration 0085): a vacuum marks its pages all-visible, so a lookup reads the index alone.
    await sql`vacuum analyze name_trigrams`.execute(db);
    return;
  }
  await sql`insert into users_name_trigrams (users_name_trigrams) values ('optimize')`.execute(db);
  await sql`analyze`.execute(db);
}
