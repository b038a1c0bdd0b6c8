/** Test helpers for suites that check mentions. */
import { notificationsResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, createUser, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';

/** A person with a short, known user name (unique per test run), so texts can mention them. */
export async function namedUser(app: FastifyInstance, name: string): Promise<TestUser> {
  return createUser(app, { userName: `${name}_${Math.random().toString(36).slice(2, 8)}` });
}

/** The `mention` notifications of a person, newest first, once what was set off has been written. */
export async function mentionNotices(app: FastifyInstance, who: TestUser) {
  await app.ctx.events.settled();
  const res = await as(app, who)({ method: 'GET', url: '/users/notifications' });
  return bodyOf(res, notificationsResponseSchema).notifications.filter((n) => n.type === 'mention');
}
