import { pairRoom } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, sendChatMessage } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { useSameDatabase } from '../../../test/same-database';
import { manyFriends } from '../people/testing';
import { FAN_OUT_BATCH } from './post-fan-out';
import { createPost } from './testing';
import { timelineReadModel } from './timeline-read-model';

/** Quick polls and short holds, so a redelivery need not wait for the defaults. */
const QUICK = { OUTBOX_POLL_MS: '20', OUTBOX_LEASE_MS: '100' };
/** More than two batches, the last one short. */
const FRIENDS = 2 * FAN_OUT_BATCH + 37;

async function drained(app: FastifyInstance) {
  await vi.waitFor(async () => expect((await app.ctx.outbox.backlog()).pending).toBe(0), { timeout: 20_000, interval: 25 });
  await app.ctx.events.settled();
  // The fan-out itself is a job the event handed over.
  await app.ctx.jobs.drained();
}

/** How many timeline rows each of `owners` has for the post, and their timelines' sizes. */
async function timelines(app: FastifyInstance, postId: string, owners: string[]) {
  const rows = await app.ctx.db
    .selectFrom('feed_items')
    .select((eb) => ['owner_id', eb.fn.countAll<number>().as('n')])
    .where('post_id', '=', postId)
    .groupBy('owner_id')
    .execute();
  const sizes = await app.ctx.db.selectFrom('feed_sizes').select(['owner_id', 'size']).where('owner_id', 'in', owners).execute();
  return {
    holding: new Map(rows.map((r) => [r.owner_id, Number(r.n)])),
    sizes: new Map(sizes.map((s) => [s.owner_id, Number(s.size)])),
  };
}

function expectEveryoneOnce(state: Awaited<ReturnType<typeof timelines>>, owners: string[]) {
  expect(state.holding.size).toBe(owners.length);
  expect([...state.holding.values()].every((n) => n === 1)).toBe(true);
  // One row each, and each size counts it once (the friends' timelines held nothing before).
  expect(owners.filter((o) => state.holding.get(o) !== 1)).toEqual([]);
  expect(owners.filter((o) => state.sizes.get(o) !== 1)).toEqual([]);
}

describe.each(dialects())('a post fanned out in batches on %s', (dialect) => {
  const shared = useSameDatabase(dialect);

  it(`reaches all ${FRIENDS} friends' timelines exactly once, the first batch with the post itself`, async () => {
    const app = await shared.start(QUICK);
    const author = await createUser(app);
    const friends = await manyFriends(app, author, FRIENDS);
    const postId = await createPost(app, author, 'to everyone');
    await drained(app);
    expectEveryoneOnce(await timelines(app, postId, [author.user._id, ...friends]), [author.user._id, ...friends]);
  });

  it('resumes after a process dies between batches, adding nothing twice', async () => {
    // A process that stores the post (and its first batch) and dies before delivering the rest.
    const crashed = await shared.start(QUICK, { outbox: { dispatch: false } });
    const author = await createUser(crashed);
    const friends = await manyFriends(crashed, author, FRIENDS);
    const postId = await createPost(crashed, author, 'half way');
    const everyone = [author.user._id, ...friends];
    const first = await timelines(crashed, postId, everyone);
    expect(first.holding.size).toBe(1 + FAN_OUT_BATCH);
    // It had written the second batch too before dying.
    const sorted = [...friends].sort();
    await timelineReadModel(crashed.ctx.db).fanOutBatch(postId, author.user._id, sorted[FAN_OUT_BATCH - 1], FAN_OUT_BATCH);
    expect((await timelines(crashed, postId, everyone)).holding.size).toBe(1 + 2 * FAN_OUT_BATCH);
    await crashed.close();

    const next = await shared.start(QUICK);
    await drained(next);
    expectEveryoneOnce(await timelines(next, postId, everyone), everyone);
  });

  it('stops when the post is deleted, leaving none of its rows behind', async () => {
    const crashed = await shared.start(QUICK, { outbox: { dispatch: false } });
    const author = await createUser(crashed);
    const friends = await manyFriends(crashed, author, FRIENDS);
    const postId = await createPost(crashed, author, 'soon gone');
    await crashed.close();

    const next = await shared.start(QUICK, { outbox: { dispatch: false } });
    expect((await as(next, author)({ method: 'DELETE', url: `/posts/${postId}` })).statusCode).toBe(200);
    await next.close();
    const last = await shared.start(QUICK);
    await drained(last);
    const state = await timelines(last, postId, [author.user._id, ...friends]);
    expect(state.holding.size).toBe(0);
    expect([...state.sizes.values()].every((n) => n === 0)).toBe(true);
  });
});

// On SQLite the chat's writer thread and the fan-out share the one write lock: each waits there for the other.
describe('a post fanned out on sqlite while the chat writer thread writes', () => {
  const shared = useSameDatabase('sqlite');

  it('reaches every friend once, and every message sent meanwhile is stored', async () => {
    const app = await shared.start(QUICK);
    const author = await createUser(app);
    const [a, b] = [await createUser(app), await createUser(app)];
    const friends = await manyFriends(app, author, FRIENDS);
    const postId = await createPost(app, author, 'beside the chat');
    // A conversation goes on, one message after another, until the later batches are written.
    let fannedOut = false;
    const sent: string[] = [];
    const chat = (async () => {
      for (let i = 0; !fannedOut || i < 20; i++) {
        const text = `while it fans out ${i}`;
        const res = await sendChatMessage(app, i % 2 ? b : a, i % 2 ? a : b, text);
        expect(res.statusCode).toBe(201);
        sent.push(text);
      }
    })();
    await drained(app);
    fannedOut = true;
    await chat;
    const everyone = [author.user._id, ...friends];
    expectEveryoneOnce(await timelines(app, postId, everyone), everyone);
    const stored = await app.ctx.db
      .selectFrom('messages')
      .select('text')
      .where('pair_key', '=', pairRoom(a.user._id, b.user._id))
      .execute();
    expect(stored.map((m) => m.text).sort()).toEqual([...sent].sort());
  });
});
