import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness';
import type { Db } from '../index';
import { useEmptyDatabase } from './testing';

/** Rows as an install before migration 0006 holds them (no marks on timelines). */
async function seedBefore(db: Db) {
  const at = new Date().toISOString();
  const user = (id: string) => ({
    id,
    user_name: id,
    user_name_lower: id,
    full_name: id,
    full_name_lower: id,
    email: `${id}@plaza.example`,
    password_hash: 'x',
    created_at: at,
    updated_at: at,
  });
  await db
    .insertInto('users')
    .values([user('ann'), user('bob')])
    .execute();
  const post = (id: string) => ({ id, author_id: 'bob', content: id, created_at: at });
  await db
    .insertInto('posts')
    .values([post('p1'), post('p2'), post('p3')])
    .execute();
  await db
    .insertInto('post_reactions')
    .values([
      { post_id: 'p1', user_id: 'ann', kind: 'heart', created_at: at },
      { post_id: 'p1', user_id: 'ann', kind: 'clap', created_at: at },
      { post_id: 'p2', user_id: 'bob', kind: 'fire', created_at: at },
    ])
    .execute();
  await db.insertInto('post_favorites').values({ user_id: 'ann', post_id: 'p2', created_at: at }).execute();
  await db
    .insertInto('feed_items')
    .values(
      ['p1', 'p2', 'p3'].flatMap((p) => [
        { owner_id: 'ann', post_id: p },
        { owner_id: 'bob', post_id: p },
      ]),
    )
    .execute();
}

describe.each(dialects())('migration 0006 on %s', (dialect) => {
  const emptyDatabase = useEmptyDatabase(dialect);

  it("copies everyone's existing reactions and favorites onto their timeline rows", async () => {
    const { db, migrator } = await emptyDatabase();
    expect((await migrator.migrateTo('0005-chat')).error).toBeUndefined();
    await seedBefore(db);
    expect((await migrator.migrateTo('0006-timeline-marks')).error).toBeUndefined();

    const rows = await db
      .selectFrom('feed_items')
      .select(['owner_id', 'post_id', 'reader_kinds', 'reader_favorite'])
      .orderBy('owner_id')
      .orderBy('post_id')
      .execute();
    // Bits in REACTION_TYPES order: heart 1, fire 2, thumbsUp 4, smile 8, celebrate 16, clap 32.
    expect(rows).toEqual([
      { owner_id: 'ann', post_id: 'p1', reader_kinds: 33, reader_favorite: 0 },
      { owner_id: 'ann', post_id: 'p2', reader_kinds: 0, reader_favorite: 1 },
      { owner_id: 'ann', post_id: 'p3', reader_kinds: 0, reader_favorite: 0 },
      { owner_id: 'bob', post_id: 'p1', reader_kinds: 0, reader_favorite: 0 },
      { owner_id: 'bob', post_id: 'p2', reader_kinds: 2, reader_favorite: 0 },
      { owner_id: 'bob', post_id: 'p3', reader_kinds: 0, reader_favorite: 0 },
    ]);
  });
});
