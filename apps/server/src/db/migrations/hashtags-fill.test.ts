import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness';
import type { Db } from '../index';
import { migrations } from './index';
import { useEmptyDatabase } from './testing';

const HASHTAGS = '0109-hashtags';

/** Posts and comments as an install before hashtags holds them. */
async function seedBefore(db: Db) {
  const at = '2025-01-02T03:04:05.000Z';
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
  await db
    .insertInto('posts')
    .values([
      { id: 'p1', author_id: 'bob', content: 'Old #Garden post, see https://x.test/#not', created_at: at },
      { id: 'p2', author_id: 'bob', content: 'no tags', created_at: at },
    ])
    .execute();
  await db
    .insertInto('comments')
    .values([
      { id: 'c1', post_id: 'p2', author_id: 'ann', content: 'a #garden too, and #Roses', created_at: at },
      { id: 'c2', post_id: 'p1', author_id: 'ann', content: 'issue #42', created_at: at },
    ])
    .execute();
}

describe.each(dialects())(`migration ${HASHTAGS} on %s`, (dialect) => {
  const emptyDatabase = useEmptyDatabase(dialect);

  it('reads the tags of the posts and comments already there', async () => {
    const { db, migrator } = await emptyDatabase();
    const names = Object.keys(migrations).sort();
    expect((await migrator.migrateTo(names[names.indexOf(HASHTAGS) - 1])).error).toBeUndefined();
    await seedBefore(db);
    expect((await migrator.migrateTo(HASHTAGS)).error).toBeUndefined();

    expect(await db.selectFrom('post_tags').selectAll().execute()).toEqual([
      { tag: 'garden', post_id: 'p1', author_id: 'bob', created_at: '2025-01-02T03:04:05.000Z' },
    ]);
    expect(
      await db.selectFrom('comment_tags').select(['comment_id', 'tag', 'post_id', 'author_id', 'post_author_id']).orderBy('tag').execute(),
    ).toEqual([
      { comment_id: 'c1', tag: 'garden', post_id: 'p2', author_id: 'ann', post_author_id: 'bob' },
      { comment_id: 'c1', tag: 'roses', post_id: 'p2', author_id: 'ann', post_author_id: 'bob' },
    ]);
    expect((await db.selectFrom('hashtags').select('tag').orderBy('tag').execute()).map((r) => r.tag)).toEqual(['garden', 'roses']);
    expect((await migrator.migrateDown()).error).toBeUndefined();
  });
});
