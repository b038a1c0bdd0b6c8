/**
 * Friends posting at the same moment: each publish writes its author's timeline size and every friend's,
 * so two friends' publishes touch the same rows. On PostgreSQL they once locked them in different orders
 * and one of the two failed with "deadlock detected" (500).
 */
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { befriend, sendPost } from './testing';

const PEOPLE = 8;
const ROUNDS = 4;

describe.runIf(dialects().includes('postgres'))('friends posting at once (postgres)', () => {
  const t = useTestApp('postgres');

  it('stores every post once, answers no error, and keeps every timeline size right', async () => {
    const people: TestUser[] = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await createUser(t.app));
    for (let i = 0; i < PEOPLE; i++) for (let j = i + 1; j < PEOPLE; j++) await befriend(t.app, people[i], people[j]);

    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const replies = await Promise.all(people.map((p, i) => sendPost(t.app, p, `round ${round} from ${i}`)));
      statuses.push(...replies.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);

    const db = t.app.ctx.db;
    const posts = await db.selectFrom('posts').select(['content']).execute();
    expect(posts).toHaveLength(PEOPLE * ROUNDS);
    expect(new Set(posts.map((p) => p.content)).size).toBe(PEOPLE * ROUNDS);
    // Everyone is everyone's friend: every timeline holds every post, and its size says so.
    for (const p of people) {
      const items = await db.selectFrom('feed_items').select('post_id').where('owner_id', '=', p.user._id).execute();
      const size = await db.selectFrom('feed_sizes').select('size').where('owner_id', '=', p.user._id).executeTakeFirst();
      expect(items).toHaveLength(PEOPLE * ROUNDS);
      expect(size?.size).toBe(PEOPLE * ROUNDS);
    }
  });
});
