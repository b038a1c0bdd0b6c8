/** Comments between two Plaza servers: replies both ways, counted and notified, and deleted by their author on either side. */
import { importJwk, signRequest } from '@fedify/fedify';
import { notificationsResponseSchema } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { AP, befriendAcross, comment, commentsOn, eventually, getPost, postInFeed, usePeerServers } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

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

  it("a comment deleted on its author's server goes from the other server too, both ways", async () => {
    const ola = await createUser(a.app, { userName: `ola_${dialect}` });
    const pim = await createUser(b.app, { userName: `pim_${dialect}` });
    const { yOnX: pimOnA, xOnY: olaOnB } = await befriendAcross(a, ola, b, pim);
    const postId = await createPost(b.app, pim, 'Comment, then think again');
    const onA = await postInFeed(a, ola, (p) => p.author._id === pimOnA, "Pim's post on Ola's server");

    // Ola's comment on Pim's post, deleted by Ola on her server.
    const olas = await comment(a, ola, onA._id, 'Hasty words');
    await eventually(async () => (await commentsOn(b, pim, postId)).find((c) => c.commentAuthor._id === olaOnB), 'the comment on B');
    expect((await as(a.app, ola)({ method: 'DELETE', url: `/comments/${olas._id}` })).statusCode).toBe(200);
    await eventually(
      async () => ((await commentsOn(b, pim, postId)).some((c) => c.commentAuthor._id === olaOnB) ? undefined : true),
      "Ola's comment gone from B",
    );
    expect((await getPost(b, pim, postId)).commentsCount).toBe(0);

    // Pim's comment on his own post, deleted by Pim on his server.
    const pims = await comment(b, pim, postId, 'On second thought');
    await eventually(async () => (await commentsOn(a, ola, onA._id)).find((c) => c.commentAuthor._id === pimOnA), 'the comment on A');
    expect((await as(b.app, pim)({ method: 'DELETE', url: `/comments/${pims._id}` })).statusCode).toBe(200);
    await eventually(
      async () => ((await commentsOn(a, ola, onA._id)).some((c) => c.commentAuthor._id === pimOnA) ? undefined : true),
      "Pim's comment gone from A",
    );
    expect((await getPost(a, ola, onA._id)).commentsCount).toBe(0);
  });

  it("a comment deleted by the post's author goes from the commenter's server too, both ways", async () => {
    const uma = await createUser(a.app, { userName: `uma_${dialect}` });
    const vin = await createUser(b.app, { userName: `vin_${dialect}` });
    const { yOnX: vinOnA, xOnY: umaOnB } = await befriendAcross(a, uma, b, vin);

    // Uma's comment on Vin's post, deleted by Vin on his server: gone from Uma's server too.
    const vinsPost = await createPost(b.app, vin, 'My post, my rules');
    const vinsOnA = await postInFeed(a, uma, (p) => p.author._id === vinOnA, "Vin's post on Uma's server");
    await comment(a, uma, vinsOnA._id, 'Off topic');
    const umasOnB = await eventually(
      async () => (await commentsOn(b, vin, vinsPost)).find((c) => c.commentAuthor._id === umaOnB),
      "Uma's comment on B",
    );
    expect((await as(b.app, vin)({ method: 'DELETE', url: `/comments/${umasOnB._id}` })).statusCode).toBe(200);
    await eventually(async () => ((await commentsOn(a, uma, vinsOnA._id)).length === 0 ? true : undefined), "Uma's comment gone from A");
    expect((await getPost(a, uma, vinsOnA._id)).commentsCount).toBe(0);

    // Vin's comment on Uma's post, deleted by Uma on her server: gone from Vin's server too.
    const umasPost = await createPost(a.app, uma, 'Mine, this time');
    const umasOnBPost = await postInFeed(b, vin, (p) => p.author._id === umaOnB, "Uma's post on Vin's server");
    await comment(b, vin, umasOnBPost._id, 'Also off topic');
    const vinsOnAComment = await eventually(
      async () => (await commentsOn(a, uma, umasPost)).find((c) => c.commentAuthor._id === vinOnA),
      "Vin's comment on A",
    );
    expect((await as(a.app, uma)({ method: 'DELETE', url: `/comments/${vinsOnAComment._id}` })).statusCode).toBe(200);
    await eventually(
      async () => ((await commentsOn(b, vin, umasOnBPost._id)).length === 0 ? true : undefined),
      "Vin's comment gone from B",
    );
    expect((await getPost(b, vin, umasOnBPost._id)).commentsCount).toBe(0);
  });
});
