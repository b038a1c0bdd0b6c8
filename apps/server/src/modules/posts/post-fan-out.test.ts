import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { useSameDatabase } from '../../../test/same-database';
import { newId, nowIso } from '../../lib/ids';
import { writeTurns } from '../../db/write-turns';
import { FAN_OUT_BATCH, fanOutFrom } from './post-fan-out';
import { createPost } from './testing';
import { timelineReadModel } from './timeline-read-model';

/** Quick polls and short holds, so a redelivery need not wait for the defaults. */
const QUICK = { OUTBOX_POLL_MS: '20', OUTBOX_LEASE_MS: '100' };
/** More than two batches, the last one short. */
const FRIENDS = 2 * FAN_OUT_BATCH + 37;

/** `count` friends of `author`, written straight in (accounts made by the API would take minutes). */
async function friendsOf(app: FastifyInstance, author: TestUser, count: number): Promise<string[]> {
  const now = nowIso();
  const ids = Array.from({ length: count }, () => newId());
  const db = app.ctx.db;
  for (let from = 0; from < count; from += 200) {
    const chunk = ids.slice(from, from + 200);
    await db
      .insertInto('users')
      .values(
        chunk.map((id) => ({
          id,
          user_name: `fan_${id.slice(-12)}`,
          user_name_lower: `fan_${id.slice(-12)}`,
          full_name: 'Fan',
          full_name_lower: 'fan',
          email: `${id}@fans.example`,
          user_bio: null,
          avatar_url: null,
          avatar_thumb_url: null,
          password_hash: 'x',
          created_at: now,
          updated_at: now,
          email_verified_at: now,
          deleted_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('connections')
      .values(
        chunk.map((id) => {
          const [low, high] = [id, author.user._id].sort();
          return { id: newId(), user_low: low, user_high: high, requester_id: id, status: 'accepted', created_at: now, updated_at: now };
        }),
      )
      .execute();
  }
  return ids;
}

async function drained(app: FastifyInstance) {
  await vi.waitFor(async () => expect((await app.ctx.outbox.backlog()).pending).toBe(0), { timeout: 20_000, interval: 25 });
  await app.ctx.events.settled();
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
    const friends = await friendsOf(app, author, FRIENDS);
    const postId = await createPost(app, author, 'to everyone');
    await drained(app);
    expectEveryoneOnce(await timelines(app, postId, [author.user._id, ...friends]), [author.user._id, ...friends]);
  });

  it('resumes after a process dies between batches, adding nothing twice', async () => {
    // A process that stores the post (and its first batch) and dies before delivering the rest.
    const crashed = await shared.start(QUICK, { outbox: { dispatch: false } });
    const author = await createUser(crashed);
    const friends = await friendsOf(crashed, author, FRIENDS);
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
    const friends = await friendsOf(crashed, author, FRIENDS);
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

// Write turns exist on SQLite only: its one write lock is shared by the chat's writer thread and the fan-out.
describe('a post fanned out on sqlite beside the chat writer', () => {
  const shared = useSameDatabase('sqlite');

  it('writes a batch only while no chat batch is out on the writer thread, then goes on', async () => {
    const app = await shared.start(QUICK, { outbox: { dispatch: false } });
    const author = await createUser(app);
    const friends = await friendsOf(app, author, FRIENDS);
    const postId = await createPost(app, author, 'after the chat');
    const everyone = [author.user._id, ...friends];
    const turns = writeTurns({ maxWaitMs: 60_000 });
    const chatBatchAnswered = turns.out();
    const after = [...friends].sort()[FAN_OUT_BATCH - 1];
    const fanOut = fanOutFrom(app.ctx.db, 'sqlite', { postId, authorId: author.user._id, after }, turns);
    await new Promise((r) => setTimeout(r, 200));
    expect((await timelines(app, postId, everyone)).holding.size).toBe(1 + FAN_OUT_BATCH);
    chatBatchAnswered();
    await fanOut;
    expectEveryoneOnce(await timelines(app, postId, everyone), everyone);
  });

  it('publishes (the post and its first batch) only while no chat batch is out', async () => {
    const app = await shared.start(QUICK, { writeTurns: { maxWaitMs: 60_000 } });
    const author = await createUser(app);
    const friends = await friendsOf(app, author, FAN_OUT_BATCH);
    const chatBatchAnswered = app.ctx.writeTurns.out();
    let answered = false;
    const publish = createPost(app, author, 'between chat batches').then((postId) => ({ postId, answered }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await app.ctx.db.selectFrom('posts').select('id').where('author_id', '=', author.user._id).execute()).toEqual([]);
    // The chat's next batch waits for the publish's transaction once it has begun.
    answered = true;
    chatBatchAnswered();
    const nextChatBatch = app.ctx.writeTurns.chatMayGo();
    expect(nextChatBatch).not.toBeNull();
    const { postId, answered: afterAnswer } = await publish;
    expect(afterAnswer).toBe(true);
    await nextChatBatch;
    const everyone = [author.user._id, ...friends];
    expectEveryoneOnce(await timelines(app, postId, everyone), everyone);
  });
});
