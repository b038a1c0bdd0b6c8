/** Test helpers of the posts, reactions and comments suites: friendships, posts and notifications. */
import { postResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, multipart, pngImage, type FilePart, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';
import { newId, nowIso } from '../../lib/ids';
import { timelineSync } from './timeline-sync';

/**
 * Writes an accepted friendship straight into `connections` (the friend-request routes belong to the
 * people feature), then does what its `friendshipChanged` event does: links the two timelines.
 */
export async function befriend(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  const [low, high] = [a.user._id, b.user._id].sort();
  const now = nowIso();
  await app.ctx.db
    .insertInto('connections')
    .values({ id: newId(), user_low: low, user_high: high, requester_id: a.user._id, status: 'accepted', created_at: now, updated_at: now })
    .execute();
  await timelineSync(app.ctx).syncPair(a.user._id, b.user._id);
}

export function imageFile(data: Buffer, filename = 'photo.png', contentType = 'image/png'): FilePart {
  return { field: 'images', filename, contentType, data };
}

export async function sendPost(app: FastifyInstance, who: TestUser, content: string | undefined, files: FilePart[] = []) {
  return as(app, who)({ method: 'POST', url: '/posts', ...multipart(content === undefined ? {} : { content }, files) });
}

/** Publishes a post and returns its id. */
export async function createPost(app: FastifyInstance, who: TestUser, content = 'Hello Plaza', images = 0): Promise<string> {
  const files = await Promise.all(Array.from({ length: images }, async () => imageFile(await pngImage(120, 80))));
  const res = await sendPost(app, who, content, files);
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return bodyOf(res, postResponseSchema).post._id;
}

export function notificationsOf(app: FastifyInstance, who: TestUser) {
  return app.ctx.db.selectFrom('notifications').selectAll().where('recipient_id', '=', who.user._id).orderBy('id').execute();
}
