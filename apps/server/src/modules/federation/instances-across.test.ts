/** Blocks of whole servers: while an admin blocks one, nothing is taken from it or sent to it. */
import { instancesResponseSchema } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { actorUrl, befriendAcross, deliverSigned, postInFeed, search, usePeerServers, type PeerServer } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

async function makeAdmin(server: PeerServer, who: TestUser): Promise<void> {
  await server.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', who.user._id).execute();
}

describe.each(dialects())('blocked servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('an admin blocks a server: its activities are refused and its people not found, until the block is lifted', async () => {
    const una = await createUser(a.app, { userName: `una_${dialect}` });
    const vic = await createUser(b.app, { userName: `vic_${dialect}` });
    const { yOnX: vicOnA } = await befriendAcross(a, una, b, vic);
    const host = encodeURIComponent(b.host);

    // Only admins.
    const wes = await createUser(a.app, { userName: `wes_${dialect}` });
    await a.app.ctx.db.updateTable('users').set({ role: 'member' }).where('id', '=', wes.user._id).execute();
    expect((await as(a.app, wes)({ method: 'POST', url: `/admin/instances/${host}/block` })).statusCode).toBe(403);
    await makeAdmin(a, una);
    const listed = bodyOf(await as(a.app, una)({ method: 'GET', url: '/admin/instances' }), instancesResponseSchema).instances;
    expect(listed).toContainEqual({ host: b.host, people: 1, blocked: false, blockedAt: null });

    expect((await as(a.app, una)({ method: 'POST', url: `/admin/instances/${host}/block` })).statusCode).toBe(200);
    const blocked = bodyOf(await as(a.app, una)({ method: 'GET', url: '/admin/instances' }), instancesResponseSchema).instances;
    expect(blocked.find((i) => i.host === b.host)?.blocked).toBe(true);

    // Anything its people send is refused unread, and none of them is found by handle.
    const note = { id: `${actorUrl(b, vic)}#create/1`, type: 'Create', actor: actorUrl(b, vic), object: { type: 'Note' } };
    expect((await deliverSigned(b, vic, a, note)).status).toBe(403);
    expect(await search(a.app, una, `@${vic.user.userName}@${b.host}`)).toEqual([]);

    // Lifted: Vic's next post arrives again.
    expect((await as(a.app, una)({ method: 'DELETE', url: `/admin/instances/${host}/block` })).statusCode).toBe(200);
    await createPost(b.app, vic, 'Back in touch');
    await postInFeed(a, una, (p) => p.author._id === vicOnA && p.content === 'Back in touch', "Vic's post after the block");
  });
});
