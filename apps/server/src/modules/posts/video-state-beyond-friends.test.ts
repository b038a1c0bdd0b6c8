/**
 * A post's video processing as seen beyond the author's friends: someone who is not a friend reading the
 * post, and a moderator judging a report of it, are told it is processing (or failed) as friends are,
 * and see the player once it is ready, on their next read.
 */
import { adminReportsResponseSchema, postResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { useSameDatabase } from '../../../test/same-database';
import { realVideo } from '../../../test/videos';
import { grant, report } from '../moderation/testing';
import { postAsAuthor, sendPost, videoFile, videosProcessed } from './testing';

const readPost = async (app: FastifyInstance, who: TestUser, postId: string) =>
  bodyOf(await as(app, who)({ method: 'GET', url: `/posts/${postId}` }), postResponseSchema).post;

const reportedMedia = async (app: FastifyInstance, mod: TestUser, reportId: string) => {
  const res = await as(app, mod)({ method: 'GET', url: '/admin/reports?status=open&limit=50' });
  return bodyOf(res, adminReportsResponseSchema).data.find((r) => r._id === reportId)?.target?.media;
};

describe.each(dialects())('a post video’s state beyond friends on %s', (dialect) => {
  const shared = useSameDatabase(dialect);

  it('a non-friend and a moderator see it processing, then playing once a worker made it playable', async () => {
    const web = await shared.start({ PLAZA_ROLE: 'web' });
    const [ada, eve, mod] = [await createUser(web), await createUser(web), await createUser(web)];
    await grant(web, mod);
    const res = await sendPost(web, ada, 'a public clip', [videoFile(realVideo())]);
    expect(res.statusCode).toBe(201);
    const { post } = bodyOf(res, postResponseSchema);
    await web.ctx.events.settled();

    // Eve is no friend of Ada's: she reads the post as it is, processing, and reports it.
    expect((await readPost(web, eve, post._id)).media[0]).toMatchObject({ type: 'video', status: 'processing' });
    const reportId = await report(web, eve, { targetType: 'post', targetId: post._id, reason: 'spam' });
    expect(await reportedMedia(web, mod, reportId)).toEqual([{ url: post.media[0].url, type: 'video', status: 'processing' }]);

    const worker = await shared.start({ PLAZA_ROLE: 'worker' });
    await videosProcessed(worker);
    expect((await postAsAuthor(web, ada, post._id)).media[0].status).toBeUndefined();
    const seen = (await readPost(web, eve, post._id)).media[0];
    expect(seen.status).toBeUndefined();
    expect(await reportedMedia(web, mod, reportId)).toEqual([{ url: seen.url, type: 'video' }]);
  }, 60_000);
});
