import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../test/factories';
import { dialects } from '../../test/harness';
import { useSameDatabase } from '../../test/same-database';
import { nowIso } from '../lib/ids';
import { connect } from '../modules/people/testing';
import { createPost } from '../modules/posts/testing';

/** Quick polls and short holds, so a test need not wait for the defaults. */
const QUICK = { OUTBOX_POLL_MS: '20', OUTBOX_LEASE_MS: '100' };

async function drained(app: FastifyInstance) {
  await vi.waitFor(async () => expect((await app.ctx.outbox.backlog()).pending).toBe(0), { timeout: 10_000, interval: 25 });
  await app.ctx.events.settled();
}

/** Everything derived from events or kept beside them, as the database holds it now. */
async function derivedState(app: FastifyInstance, people: TestUser[]) {
  const ids = people.map((p) => p.user._id);
  const db = app.ctx.db;
  const [timelines, sizes, notifications, posts] = await Promise.all([
    db
      .selectFrom('feed_items')
      .select(['owner_id', 'post_id'])
      .where('owner_id', 'in', ids)
      .orderBy('owner_id')
      .orderBy('post_id')
      .execute(),
    db.selectFrom('feed_sizes').select(['owner_id', 'size']).where('owner_id', 'in', ids).orderBy('owner_id').execute(),
    db
      .selectFrom('notifications')
      .select(['recipient_id', 'actor_id', 'type', 'entity_id'])
      .where('recipient_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db.selectFrom('posts').select(['id', 'heart_count', 'comments_count']).where('author_id', 'in', ids).orderBy('id').execute(),
  ]);
  return { timelines, sizes, notifications, posts };
}

describe.each(dialects())('the outbox on %s', (dialect) => {
  const shared = useSameDatabase(dialect);

  it('leaves timelines, counters and notifications right after a crash between commit and dispatch, and a repeat changes nothing', async () => {
    // A process that commits and dies before dispatching anything: its events are all it leaves.
    const crashed = await shared.start(QUICK, { outbox: { dispatch: false } });
    const ada = await createUser(crashed);
    const bob = await createUser(crashed);
    const cy = await createUser(crashed);
    const older = await createPost(crashed, ada, 'from before bob and ada were friends');
    expect((await connect(crashed, bob, 'send', ada)).statusCode).toBe(200);
    expect((await connect(crashed, ada, 'accept', bob)).statusCode).toBe(200);
    expect((await as(crashed, bob)({ method: 'PUT', url: `/posts/react/${older}`, payload: { reactionType: 'heart' } })).statusCode).toBe(
      200,
    );
    const comment = await as(
      crashed,
      bob,
    )({ method: 'POST', url: `/comments/posts/${older}/comments`, payload: { commentContent: 'nice' } });
    expect(comment.statusCode).toBe(201);
    // A notification that must not outlive its post: the reaction and the deletion are both pending.
    const doomed = await createPost(crashed, cy, 'soon gone');
    await as(crashed, bob)({ method: 'PUT', url: `/posts/react/${doomed}`, payload: { reactionType: 'fire' } });
    expect((await as(crashed, cy)({ method: 'DELETE', url: `/posts/${doomed}` })).statusCode).toBeLessThan(300);

    const before = await derivedState(crashed, [ada, bob, cy]);
    // Committed, never dispatched: bob's timeline lacks ada's older post, nobody was notified.
    expect(before.timelines.filter((r) => r.owner_id === bob.user._id)).toEqual([]);
    expect(before.notifications).toEqual([]);
    // The counters moved with the reaction and the comment themselves.
    expect(before.posts.find((p) => p.id === older)).toMatchObject({ heart_count: 1, comments_count: 1 });
    const recorded = await crashed.ctx.db.selectFrom('outbox_events').selectAll().orderBy('id').execute();
    expect(recorded.map((e) => e.name)).toEqual([
      'friendshipChanged',
      'friendRequestSent',
      'friendshipChanged',
      'friendRequestAccepted',
      'reactionAdded',
      'commentAdded',
      'reactionAdded',
      'postDeleted',
    ]);
    await crashed.close();

    // The next process on the same database.
    const restarted = await shared.start(QUICK);
    await drained(restarted);
    const after = await derivedState(restarted, [ada, bob, cy]);
    expect(after.timelines.filter((r) => r.owner_id === bob.user._id)).toEqual([{ owner_id: bob.user._id, post_id: older }]);
    expect(after.sizes).toEqual(
      [
        { owner_id: ada.user._id, size: 1 },
        { owner_id: bob.user._id, size: 1 },
        { owner_id: cy.user._id, size: 0 },
      ].sort((a, b) => a.owner_id.localeCompare(b.owner_id)),
    );
    const requestId = after.notifications[0]?.entity_id;
    expect(after.notifications).toEqual([
      { recipient_id: ada.user._id, actor_id: bob.user._id, type: 'friend_request', entity_id: requestId },
      { recipient_id: bob.user._id, actor_id: ada.user._id, type: 'friend_accept', entity_id: requestId },
      { recipient_id: ada.user._id, actor_id: bob.user._id, type: 'post_reaction', entity_id: older },
      { recipient_id: ada.user._id, actor_id: bob.user._id, type: 'post_comment', entity_id: older },
    ]);
    expect(after.posts).toEqual(before.posts);

    // Every event delivered a second time (a retry after a subscriber failed, a process that died
    // after handling but before deleting): nothing doubles.
    await restarted.ctx.db
      .insertInto('outbox_events')
      .values(recorded.map((e) => ({ ...e, available_at: nowIso(), attempts: 0 })))
      .execute();
    await drained(restarted);
    expect(await derivedState(restarted, [ada, bob, cy])).toEqual(after);
    await restarted.close();
  });

  it('shares pending events among processes on one database, each event handled once', async () => {
    const writer = await shared.start({ OUTBOX_LEASE_MS: '600000' }, { outbox: { dispatch: false } });
    const count = 300;
    for (let i = 0; i < count; i++) {
      await writer.ctx.events.record(writer.ctx.db, 'postDeleted', { postId: `gone-${i}`, authorId: 'nobody' });
    }
    const written = (await writer.ctx.db.selectFrom('outbox_events').select('id').where('name', '=', 'postDeleted').execute())
      .map((r) => r.id)
      .sort();
    await writer.close();

    const handled = new Map<string, string[]>();
    // Held long enough for a whole batch, so what one takes the other never takes too.
    const workers = await Promise.all(['one', 'two'].map(() => shared.start({ ...QUICK, OUTBOX_LEASE_MS: '2000' })));
    workers.forEach((app, i) => {
      handled.set(`worker ${i}`, []);
      app.ctx.events.subscribe('postDeleted', async (_event, { id }) => {
        handled.get(`worker ${i}`)!.push(id);
        // Slow enough that a batch takes a while, so the other process claims the next one meanwhile.
        await new Promise((r) => setTimeout(r, 3));
      });
    });
    // Due now for both, once both listen.
    await workers[0].ctx.db.updateTable('outbox_events').set({ available_at: nowIso() }).execute();
    for (const app of workers) await drained(app);

    const all = [...handled.values()].flat().sort();
    expect(all).toEqual(written);
    expect(new Set(all).size).toBe(count);
    for (const ids of handled.values()) expect(ids.length).toBeGreaterThan(0);
    for (const app of workers) await app.close();
  });

  it('retries an event whose subscriber failed until it succeeds, with its attempts counted', async () => {
    const app = await shared.start(QUICK);
    let failuresLeft = 2;
    const seen: string[] = [];
    app.ctx.events.subscribe('postDeleted', (_event, { id }) => {
      seen.push(id);
      if (failuresLeft-- > 0) throw new Error('not yet');
    });
    await app.ctx.db.transaction().execute((trx) => app.ctx.events.record(trx, 'postDeleted', { postId: 'flaky', authorId: 'nobody' }));
    await vi.waitFor(
      async () => {
        const row = await app.ctx.db.selectFrom('outbox_events').select(['attempts', 'last_error']).executeTakeFirst();
        expect(row?.attempts).toBe(2);
        expect(row?.last_error).toMatch(/failed/);
      },
      { timeout: 5000, interval: 20 },
    );
    // Back-off: 1 s after the first failure, 2 s after the second.
    await vi.waitFor(async () => expect((await app.ctx.outbox.backlog()).pending).toBe(0), { timeout: 8000, interval: 50 });
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    await app.close();
  });

  it('shows its backlog and lag in /metrics, back to zero once the events are handled', async () => {
    const metric = async (app: FastifyInstance, name: string) => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    };
    // Written by a process that never dispatches: they wait in the outbox.
    const crashed = await shared.start(QUICK, { outbox: { dispatch: false } });
    await crashed.ctx.db.transaction().execute(async (trx) => {
      await crashed.ctx.events.record(trx, 'postDeleted', { postId: 'one', authorId: 'nobody' });
      await crashed.ctx.events.record(trx, 'postDeleted', { postId: 'two', authorId: 'nobody' });
    });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await metric(crashed, 'plaza_outbox_pending_events')).toBe(2);
    expect(await metric(crashed, 'plaza_outbox_lag_seconds')).toBeGreaterThanOrEqual(1);
    await crashed.close();
    const app = await shared.start(QUICK);
    await drained(app);
    expect(await metric(app, 'plaza_outbox_pending_events')).toBe(0);
    expect(await metric(app, 'plaza_outbox_lag_seconds')).toBe(0);
    await app.close();
  });

  it('records nothing when the transaction rolls back', async () => {
    const app = await shared.start(QUICK);
    const seen: string[] = [];
    app.ctx.events.subscribe('postDeleted', ({ postId }) => void seen.push(postId));
    await expect(
      app.ctx.db.transaction().execute(async (trx) => {
        await app.ctx.events.record(trx, 'postDeleted', { postId: 'never', authorId: 'nobody' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await app.ctx.events.settled();
    expect(seen).toEqual([]);
    expect(await app.ctx.outbox.backlog()).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    await app.close();
  });
});
