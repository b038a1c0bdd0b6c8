import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../test/factories';
import { dialects } from '../../test/harness';
import { useSameDatabase } from '../../test/same-database';
import { nowIso } from '../lib/ids';
import { befriend } from '../modules/people/testing';
import { createPost } from '../modules/posts/testing';
import { describeReport, main } from './rebuild-timelines';

/** Every derived row, in a stable order. */
async function derived(app: FastifyInstance) {
  const db = app.ctx.db;
  return {
    items: await db.selectFrom('feed_items').selectAll().orderBy('owner_id').orderBy('post_id').execute(),
    sizes: await db.selectFrom('feed_sizes').selectAll().where('size', '<>', 0).orderBy('owner_id').execute(),
    counters: await db
      .selectFrom('posts')
      .select(['id', 'heart_count', 'fire_count', 'thumbs_up_count', 'smile_count', 'celebrate_count', 'clap_count', 'comments_count'])
      .orderBy('id')
      .execute(),
  };
}

describe.each(dialects())('npm run rebuild-timelines on %s', (dialect) => {
  const shared = useSameDatabase(dialect);

  it('puts corrupted timelines, sizes and counters right and counts each fix', async () => {
    const app = await shared.start();
    const [ada, bob, cy, dan] = await Promise.all([createUser(app), createUser(app), createUser(app), createUser(app)]);
    await befriend(app, ada, bob);
    await befriend(app, bob, cy);
    const adaPost = await createPost(app, ada, 'ada');
    const bobPost = await createPost(app, bob, 'bob');
    const danPost = await createPost(app, dan, 'a stranger to all');
    await as(app, bob)({ method: 'PUT', url: `/posts/react/${adaPost}`, payload: { reactionType: 'heart' } });
    await as(app, cy)({ method: 'PUT', url: `/posts/react/${bobPost}`, payload: { reactionType: 'clap' } });
    await as(app, cy)({ method: 'POST', url: `/comments/posts/${bobPost}/comments`, payload: { commentContent: 'hi' } });
    await app.ctx.events.settled();
    const right = await derived(app);
    expect(await main(shared.env)).toEqual({
      timelineRowsAdded: 0,
      timelineRowsRemoved: 0,
      timelineMarksFixed: 0,
      feedSizesFixed: 0,
      postCountersFixed: 0,
    });

    const db = app.ctx.db;
    // Lost: bob's copy of ada's post and cy's copy of bob's post; wrong: a stranger's post on ada's
    // timeline and a row for a post that does not exist.
    await db.deleteFrom('feed_items').where('owner_id', '=', bob.user._id).where('post_id', '=', adaPost).execute();
    await db.deleteFrom('feed_items').where('owner_id', '=', cy.user._id).where('post_id', '=', bobPost).execute();
    await db
      .insertInto('feed_items')
      .values([
        { owner_id: ada.user._id, post_id: danPost },
        { owner_id: ada.user._id, post_id: 'no-such-post' },
      ])
      .execute();
    // Marks: ada's own row of bob's post claims a reaction she never left.
    await db
      .updateTable('feed_items')
      .set({ reader_kinds: 5 })
      .where('owner_id', '=', ada.user._id)
      .where('post_id', '=', bobPost)
      .execute();
    // A favorite stored without its mark on bob's timeline.
    await db.insertInto('post_favorites').values({ user_id: bob.user._id, post_id: bobPost, created_at: nowIso() }).execute();
    // Sizes: one wrong, one missing.
    await db.updateTable('feed_sizes').set({ size: 42 }).where('owner_id', '=', dan.user._id).execute();
    await db.deleteFrom('feed_sizes').where('owner_id', '=', ada.user._id).execute();
    // Counters of two posts.
    await db.updateTable('posts').set({ heart_count: 7 }).where('id', '=', adaPost).execute();
    await db.updateTable('posts').set({ comments_count: 0, clap_count: 3 }).where('id', '=', bobPost).execute();

    const report = await main(shared.env);
    expect(report).toEqual({
      timelineRowsAdded: 2,
      timelineRowsRemoved: 2,
      timelineMarksFixed: 2,
      // ada's (missing) and dan's (42); bob's and cy's agree again once their rows are back.
      feedSizesFixed: 2,
      postCountersFixed: 2,
    });
    const after = await derived(app);
    expect(after.counters).toEqual(right.counters);
    expect(after.sizes).toEqual(right.sizes);
    const bobsFavorite = after.items.find((r) => r.owner_id === bob.user._id && r.post_id === bobPost);
    expect(bobsFavorite?.reader_favorite).toBe(1);
    expect(after.items.map((r) => ({ ...r, reader_favorite: r === bobsFavorite ? 0 : r.reader_favorite }))).toEqual(right.items);
    // A second run finds nothing left.
    expect(Object.values(await main(shared.env)).every((n) => n === 0)).toBe(true);
  });

  it(`runs as the npm script on the ${dialect === 'sqlite' ? 'SQLite file of DATA_DIR' : 'database of DATABASE_URL'} and prints its report`, async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'rebuild-timelines'], {
      cwd: root,
      env: { ...process.env, ...shared.env },
    });
    expect(stdout).toContain('Nothing to fix');
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({ timelineRowsAdded: 0, postCountersFixed: 0 });
    expect(
      describeReport({ timelineRowsAdded: 1, timelineRowsRemoved: 0, timelineMarksFixed: 2, feedSizesFixed: 0, postCountersFixed: 0 }),
    ).toMatch(/^Fixed 3:\n\s+1 {2}timeline rows added/);
  }, 60_000);
});
