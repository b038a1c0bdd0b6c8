/** Reactions between two Plaza servers: all six travel both ways, counted and notified, and are taken back. */
import { notificationsResponseSchema, type ReactionType } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { actorUrl, befriendAcross, deliverSigned, eventually, getPost, postInFeed, usePeerServers, type PeerServer } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

const react = (server: PeerServer, who: TestUser, postId: string, reactionType: ReactionType) =>
  as(server.app, who)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType } });

/** Waits until the post's count of `kind`, as `who` of `server` reads it, is `count`. */
const countIs = (server: PeerServer, who: TestUser, postId: string, kind: ReactionType, count: number) =>
  eventually(async () => ((await getPost(server, who, postId)).reactionCounts[kind] === count ? true : undefined), `${count} × ${kind}`);

describe.each(dialects())('reactions between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('the five reactions besides ❤ travel as EmojiReact both ways, counted, notified and taken back', async () => {
    const ida = await createUser(a.app, { userName: `ida_${dialect}` });
    const jon = await createUser(b.app, { userName: `jon_${dialect}` });
    const { yOnX: jonOnA, xOnY: idaOnB } = await befriendAcross(a, ida, b, jon);

    const idasPost = await createPost(a.app, ida, 'React to this');
    const onB = await postInFeed(b, jon, (p) => p.author._id === idaOnB, "Ida's post on Jon's server");
    for (const kind of ['fire', 'thumbsUp', 'smile', 'celebrate', 'clap'] as const) {
      expect((await react(b, jon, onB._id, kind)).statusCode).toBe(200);
    }
    for (const kind of ['fire', 'thumbsUp', 'smile', 'celebrate', 'clap'] as const) await countIs(a, ida, idasPost, kind, 1);
    await eventually(async () => {
      const res = await as(a.app, ida)({ method: 'GET', url: '/users/notifications' });
      const fromJon = bodyOf(res, notificationsResponseSchema).notifications.filter(
        (n) => n.type === 'post_reaction' && n.actor._id === jonOnA,
      );
      return fromJon.length > 0 ? true : undefined;
    }, "Ida's notification of Jon's reactions");

    // Jon takes 🔥 back; the others stay.
    expect((await react(b, jon, onB._id, 'fire')).statusCode).toBe(200);
    await countIs(a, ida, idasPost, 'fire', 0);
    expect((await getPost(a, ida, idasPost)).reactionCounts.clap).toBe(1);

    // The other way: Ida's 🎉 on Jon's post, and taken back.
    const jonsPost = await createPost(b.app, jon, 'And to this');
    const onA = await postInFeed(a, ida, (p) => p.author._id === jonOnA, "Jon's post on Ida's server");
    expect((await react(a, ida, onA._id, 'celebrate')).statusCode).toBe(200);
    await countIs(b, jon, jonsPost, 'celebrate', 1);
    expect((await react(a, ida, onA._id, 'celebrate')).statusCode).toBe(200);
    await countIs(b, jon, jonsPost, 'celebrate', 0);
  });

  it('a Like carrying one of the emoji (as Misskey sends) counts as that reaction; any other Like as ❤', async () => {
    const kay = await createUser(a.app, { userName: `kay_${dialect}` });
    const lou = await createUser(b.app, { userName: `lou_${dialect}` });
    await befriendAcross(a, kay, b, lou);
    const postId = await createPost(a.app, kay, 'Misskey says hi');
    const like = (n: string, content?: string) =>
      deliverSigned(b, lou, a, {
        id: `${actorUrl(b, lou)}/likes/${n}`,
        type: 'Like',
        actor: actorUrl(b, lou),
        object: `${a.url}/ap/posts/${postId}`,
        ...(content ? { content } : {}),
      });
    expect((await like('1', '🎉')).status).toBeLessThan(300);
    expect((await like('2', '⭐')).status).toBeLessThan(300);
    await countIs(a, kay, postId, 'celebrate', 1);
    await countIs(a, kay, postId, 'heart', 1);
  });
});
