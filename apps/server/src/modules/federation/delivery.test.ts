/** Deliveries between two Plaza servers survive a failed hand-over, and a Note that arrives twice is one post. */
import { importJwk, signRequest } from '@fedify/fedify';
import { describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { createPost } from '../posts/testing';
import { AP, befriendAcross, feedOf, postInFeed, usePeerServers, type PeerServer } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

/** POSTs `activity` to `to`'s shared inbox, signed with the RSA key of `who` of `from`. */
async function deliverSigned(from: PeerServer, who: TestUser, to: PeerServer, activity: object): Promise<number> {
  const keys = await from.app.ctx.db
    .selectFrom('federation_keys')
    .selectAll()
    .where('user_id', '=', who.user._id)
    .executeTakeFirstOrThrow();
  const request = await signRequest(
    new Request(`${to.url}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body: JSON.stringify(activity) }),
    await importJwk(JSON.parse(keys.rsa_private) as JsonWebKey, 'private'),
    new URL(`${from.url}/ap/users/${who.user._id}#main-key`),
  );
  return (await fetch(request)).status;
}

describe.each(dialects())('durable deliveries between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('a post whose delivery could not be queued at first still reaches the friend, once', async () => {
    const ada = await createUser(a.app, { userName: `ada_${dialect}` });
    const bob = await createUser(b.app, { userName: `bob_${dialect}` });
    const { yOnX: bobOnA } = await befriendAcross(a, ada, b, bob);
    await b.app.ctx.events.settled();

    // The queue refuses the first delivery handed to it, as a process dying right after the commit would lose it.
    const jobs = b.app.ctx.jobs;
    const enqueue = jobs.enqueue.bind(jobs);
    let refused = 0;
    jobs.enqueue = (name, ...rest) => {
      if (name === 'federation' && refused === 0) {
        refused++;
        return Promise.reject(new Error('queue unreachable'));
      }
      return enqueue(name, ...rest);
    };
    try {
      await createPost(b.app, bob, 'Sent despite a hiccup');
      await postInFeed(a, ada, (p) => p.author._id === bobOnA && p.content === 'Sent despite a hiccup', "Bob's post");
    } finally {
      jobs.enqueue = enqueue;
    }
    expect(refused).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await feedOf(a, ada)).filter((p) => p.content === 'Sent despite a hiccup')).toHaveLength(1);
  });

  it('the same Note arriving twice at once makes one post', async () => {
    const cal = await createUser(a.app, { userName: `cal_${dialect}` });
    const dee = await createUser(b.app, { userName: `dee_${dialect}` });
    const { yOnX: deeOnA } = await befriendAcross(a, cal, b, dee);

    const actor = `${b.url}/ap/users/${dee.user._id}`;
    const note = {
      id: `${b.url}/ap/posts/twice-${dialect}`,
      type: 'Note',
      attributedTo: actor,
      content: '<p>Said once, sent twice</p>',
      to: `${actor}/followers`,
    };
    const createWith = (n: number) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${b.url}/ap/creates/twice-${dialect}-${n}`,
      type: 'Create',
      actor,
      to: `${actor}/followers`,
      object: note,
    });
    const statuses = await Promise.all([1, 2, 3].map((n) => deliverSigned(b, dee, a, createWith(n))));
    for (const status of statuses) expect(status).toBeLessThan(300);

    await postInFeed(a, cal, (p) => p.author._id === deeOnA, "Dee's Note");
    await new Promise((r) => setTimeout(r, 2000));
    await a.app.ctx.events.settled();
    expect((await feedOf(a, cal)).filter((p) => p.content === 'Said once, sent twice')).toHaveLength(1);
  });
});
