/** Blocks between two Plaza servers: a block ends the friendship on both, and the blocker's server is told. */
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { befriend, createPost } from '../posts/testing';
import { isBlocking } from '../safety';
import {
  actorUrl,
  befriendAcross,
  comment,
  commentsOn,
  deliverSigned,
  eventually,
  postInFeed,
  statusWith,
  until,
  usePeerServers,
  type PeerServer,
} from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

/** The answer to `who`'s friend request to `targetId` on `server`, sent for real (no expectation on it). */
async function requestStatus(server: PeerServer, who: TestUser, targetId: string): Promise<number> {
  const res = await as(server.app, who)({ method: 'POST', url: '/users/follow/friend-request/send', payload: { targetUserId: targetId } });
  return res.statusCode;
}

describe.each(dialects())('blocks between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('blocking a friend of the other server sends them a signed Block, and Undo(Block) when lifted', async () => {
    const quin = await createUser(a.app, { userName: `quin_${dialect}` });
    const rex = await createUser(b.app, { userName: `rex_${dialect}` });
    const { yOnX: rexOnA, xOnY: quinOnB } = await befriendAcross(a, quin, b, rex);
    const blocked = await as(a.app, quin)({ method: 'POST', url: `/users/${rexOnA}/block` });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await until(b, rex, quinOnB, 'not_connected');
    // Rex's server took the Block (only a signature of Quin's key gets an activity past its inbox) as Quin's block of Rex.
    const heldOnB = () => isBlocking(b.app.ctx.db, quinOnB, rex.user._id);
    await eventually(async () => ((await heldOnB()) ? true : undefined), "Quin's block on Rex's server");
    expect(await requestStatus(b, rex, quinOnB)).toBe(403);

    const lifted = await as(a.app, quin)({ method: 'DELETE', url: `/users/${rexOnA}/block` });
    expect(lifted.statusCode, lifted.body).toBeLessThan(300);
    await eventually(async () => ((await heldOnB()) ? undefined : true), "the block lifted on Rex's server");
    expect(await requestStatus(b, rex, quinOnB)).toBe(200);
  });

  it('a Block from the other server is kept: no new request, none of their comments, until Undo(Block)', async () => {
    const sal = await createUser(a.app, { userName: `sal_${dialect}` });
    const cyd = await createUser(a.app, { userName: `cyd_${dialect}` });
    const tam = await createUser(b.app, { userName: `tam_${dialect}` });
    await befriend(a.app, sal, cyd);
    const { yOnX: tamOnA } = await befriendAcross(a, sal, b, tam);
    await befriendAcross(a, cyd, b, tam);

    const block = { id: `${actorUrl(b, tam)}#blocks/1`, type: 'Block', actor: actorUrl(b, tam), object: actorUrl(a, sal) };
    expect((await deliverSigned(b, tam, a, block)).status).toBeLessThan(300);
    await until(a, sal, tamOnA, 'not_connected');
    // As on Mastodon: Sal cannot follow (ask) the person who blocked her again.
    await eventually(async () => ((await requestStatus(a, sal, tamOnA)) === 403 ? true : undefined), "Sal's request refused");

    // Tam's comment on their common friend's post reaches Cyd's server, and Cyd, but not Sal.
    const postId = await createPost(a.app, cyd, 'Who is coming on Sunday?');
    const onB = await postInFeed(b, tam, (p) => p.content === 'Who is coming on Sunday?', "Cyd's post on Tam's server");
    await comment(b, tam, onB._id, 'Count me in');
    await eventually(async () => (await commentsOn(a, cyd, postId)).find((c) => c.commentAuthor._id === tamOnA), "Tam's comment, for Cyd");
    expect((await commentsOn(a, sal, postId)).map((c) => c.commentAuthor._id)).not.toContain(tamOnA);

    // Lifted: Sal may ask again.
    const undo = { id: `${actorUrl(b, tam)}#blocks/1/undo`, type: 'Undo', actor: actorUrl(b, tam), object: block };
    expect((await deliverSigned(b, tam, a, undo)).status).toBeLessThan(300);
    await eventually(async () => ((await requestStatus(a, sal, tamOnA)) === 200 ? true : undefined), "Sal's request after the block");
    expect(await statusWith(a.app, sal, tamOnA)).toBe('request_sent');
  });
});
