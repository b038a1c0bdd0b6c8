/** Test helpers for connections: act as a user on another, and make friends in one call. */
import { connectionStatusResponseSchema, type ConnectionAction, type ConnectionStatus } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';
import { newId, nowIso } from '../../lib/ids';

/** Acts, then waits for what the change sets off after its commit (notifications, timelines), as a person would see it moments later. */
export async function connect(app: FastifyInstance, who: TestUser, action: ConnectionAction, target: TestUser | string) {
  const url = action === 'remove' ? '/users/follow/friend-request/friend/remove' : `/users/follow/friend-request/${action}`;
  const targetUserId = typeof target === 'string' ? target : target.user._id;
  const res = await as(app, who)({ method: 'POST', url, payload: { targetUserId } });
  await app.ctx.events.settled();
  return res;
}

export async function statusOf(app: FastifyInstance, who: TestUser, target: TestUser): Promise<ConnectionStatus> {
  const res = await as(app, who)({ method: 'GET', url: `/users/follow/connection-status/${target.user._id}` });
  if (res.statusCode !== 200) throw new Error(`connection-status failed: ${res.statusCode} ${res.body}`);
  return bodyOf(res, connectionStatusResponseSchema).status;
}

export async function befriend(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  const sent = await connect(app, a, 'send', b);
  const accepted = await connect(app, b, 'accept', a);
  if (sent.statusCode !== 200 || accepted.statusCode !== 200) throw new Error(`befriend failed: ${sent.body} ${accepted.body}`);
}

/** `count` friends of `author`, written straight in (accounts made by the API would take minutes). */
export async function manyFriends(app: FastifyInstance, author: TestUser, count: number): Promise<string[]> {
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
