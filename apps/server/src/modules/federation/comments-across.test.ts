/** Comments between two Plaza servers: replies both ways, counted and notified, and deleted by their author. */
import { importJwk, signRequest } from '@fedify/fedify';
import { commentResponseSchema, commentsResponseSchema, notificationsResponseSchema, type Comment } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { AP, befriendAcross, eventually, getPost, postInFeed, usePeerServers, type PeerServer } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

async function commentsOn(server: PeerServer, who: TestUser, postId: string): Promise<Comment[]> {
  const res = await as(server.app, who)({ method: 'GET', url: `/comments/posts/${postId}/comments` });
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf(res, commentsResponseSchema).comments;
}

async function comment(server: PeerServer, who: TestUser, postId: string, text: string): Promise<Comment> {
  const res = await as(server.app, who)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: text } });
  expect(res.statusCode, res.body).toBe(201);
  return bodyOf(res, commentResponseSchema).comment;
}

describe.each(dialects())('comments between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it("a comment on a friend's post from the other server reaches its author, and a reply comes back", async () => {
    const ann = await createUser(a.app, { userName: `ann_${dialect}` });
    const ben = await createUser(b.app, { userName: `ben_${dialect}` });
    const { yOnX: benOnA, xOnY: annOnB } = await befriendAcross(a, ann, b, ben);

    const postId = await createPost(b.app, ben, 'What do you think?');
    const onA = await postInFeed(a, ann, (p) => p.author._id === benOnA, "Ben's post on Ann's server");

    // Ann's comment on her server's copy is a comment by ann@A on Ben's post, counted and notified.
    await comment(a, ann, onA._id, 'Looks <b>good</b>');
    const arrived = await eventually(
      async () => (await commentsOn(b, ben, postId)).find((c) => c.commentAuthor._id === annOnB),
      'the comment on B',
    );
    expect(arrived.commentContent).toBe('Looks <b>good</b>');
    expect((await getPost(b, ben, postId)).commentsCount).toBe(1);
    await eventually(async () => {
      const res = await as(b.app, ben)({ method: 'GET', url: '/users/notifications' });
      return bodyOf(res, notificationsResponseSchema).notifications.find((n) => n.type === 'post_comment' && n.actor._id === annOnB);
    }, "Ben's notification of the comment");

    // Ben answers on his own post: the reply reaches Ann's copy.
    const reply = await comment(b, ben, postId, 'Thanks!');
    const back = await eventually(
      async () => (await commentsOn(a, ann, onA._id)).find((c) => c.commentAuthor._id === benOnA),
      'the reply on A',
    );
    expect(back.commentContent).toBe('Thanks!');

    // Ben's server says the reply is deleted (signed by Ben): it goes from Ann's server too.
    const keys = await b.app.ctx.db.selectFrom('federation_keys').selectAll().where('user_id', '=', ben.user._id).executeTakeFirstOrThrow();
    const actor = `${b.url}/ap/users/${ben.user._id}`;
    const del = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${b.url}/ap/deletes/reply-${dialect}`,
      type: 'Delete',
      actor,
      object: { id: `${b.url}/ap/comments/${reply._id}`, type: 'Tombstone' },
    };
    const request = await signRequest(
      new Request(`${a.url}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body: JSON.stringify(del) }),
      await importJwk(JSON.parse(keys.rsa_private) as JsonWebKey, 'private'),
      new URL(`${actor}#main-key`),
    );
    expect((await fetch(request)).status).toBeLessThan(300);
    await eventually(
      async () => ((await commentsOn(a, ann, onA._id)).some((c) => c._id === back._id) ? undefined : true),
      'the reply deleted',
    );
    expect((await getPost(a, ann, onA._id)).commentsCount).toBe(1);
  });
});
