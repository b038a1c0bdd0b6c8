import { conversationsResponseSchema, pairRoom } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { newId, nowIso } from '../../lib/ids';

describe.each(dialects())('conversation list on %s', (dialect) => {
  const t = useTestApp(dialect);

  /** `count` people who each wrote to `me` once, written straight to the tables (signing up 100+ people is slow). */
  async function partnersWriting(me: string, count: number): Promise<string[]> {
    const db = t.app.ctx.db;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = newId();
      const tag = id.slice(-12);
      const at = nowIso();
      await db
        .insertInto('users')
        .values({
          id,
          user_name: `p_${tag}`,
          user_name_lower: `p_${tag}`,
          full_name: `Partner ${i}`,
          full_name_lower: `partner ${i}`,
          email: `p_${tag}@example.test`,
          user_bio: null,
          avatar_url: null,
          avatar_thumb_url: null,
          password_hash: 'x',
          created_at: at,
          updated_at: at,
        })
        .execute();
      const [low, high] = [me, id].sort();
      await db
        .insertInto('conversations')
        .values({ pair_key: pairRoom(me, id), user_low: low, user_high: high, created_at: at, last_seq: 1 })
        .execute();
      await db
        .insertInto('messages')
        .values({
          pair_key: pairRoom(me, id),
          id: newId(),
          seq: 1,
          sender_id: id,
          receiver_id: me,
          client_message_id: null,
          text: `hello ${i}`,
          created_at: at,
          read_at: null,
        })
        .execute();
      ids.push(id);
    }
    return ids;
  }

  it('pages beyond a hundred conversations, newest message first, each once', async () => {
    const me = await createUser(t.app);
    const partners = await partnersWriting(me.user._id, 105);
    const page = async (query: string) =>
      bodyOf(await as(t.app, me)({ method: 'GET', url: `/chats/conversations${query}` }), conversationsResponseSchema);
    const first = await page('?limit=50');
    expect(first.pagination).toMatchObject({ currentPage: 1, limit: 50, total: 105, totalPages: 3, hasMore: true });
    expect(first.data[0]).toMatchObject({ user: { _id: partners[104] }, unreadCount: 1, lastMessage: { messageText: 'hello 104' } });
    const second = await page('?limit=50&page=2');
    const third = await page('?limit=50&page=3');
    expect(third.pagination.hasMore).toBe(false);
    const seen = [...first.data, ...second.data, ...third.data].map((c) => c.user._id);
    expect(seen).toEqual([...partners].reverse());
    expect((await page('')).data).toHaveLength(30);
  });

  it('refuses a bad page or limit with 400', async () => {
    const me = await createUser(t.app);
    for (const query of ['?page=0', '?limit=0', '?limit=101', '?page=abc']) {
      expect((await as(t.app, me)({ method: 'GET', url: `/chats/conversations${query}` })).statusCode).toBe(400);
    }
  });
});
