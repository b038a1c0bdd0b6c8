/** Test helpers of the posts suites, and of other features' suites that need posts: friendships and posts. */
import { postResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, multipart, pngImage, type FilePart, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';
import { newId, nowIso } from '../../lib/ids';

/**
 * Writes an accepted friendship straight into `connections` (quicker than the people feature's request
 * and accept, and without their notifications), then announces it as the people feature does and waits
 * for the timelines to be linked.
 */
export async function befriend(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  const [low, high] = [a.user._id, b.user._id].sort();
  const now = nowIso();
  await app.ctx.db
    .insertInto('connections')
    .values({ id: newId(), user_low: low, user_high: high, requester_id: a.user._id, status: 'accepted', created_at: now, updated_at: now })
    .execute();
  app.ctx.events.publish('friendshipChanged', { userIds: [a.user._id, b.user._id], status: 'friends' });
  await app.ctx.events.settled();
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

/** Waits until the `video` jobs set off so far (and everything else queued) are done. */
export async function videosProcessed(app: FastifyInstance): Promise<void> {
  await app.ctx.events.settled();
  await app.ctx.jobs.drained();
  await app.ctx.events.settled();
}

/** The post as its author reads it now. */
export async function postAsAuthor(app: FastifyInstance, who: TestUser, postId: string) {
  return bodyOf(await as(app, who)({ method: 'GET', url: `/posts/${postId}` }), postResponseSchema).post;
}

export function videoFile(data: Buffer, filename = 'clip.mp4', contentType = 'video/mp4'): FilePart {
  return { field: 'video', filename, contentType, data };
}
