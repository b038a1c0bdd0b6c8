/** Two real Plaza servers on loopback befriend each other's people over ActivityPub. */
import { importJwk, signRequest } from '@fedify/fedify';
import { errorEnvelopeSchema, friendRequestsResponseSchema, suggestionsResponseSchema } from '@plaza/contract';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import {
  act,
  AP,
  befriendAcross,
  eventually,
  feedOf,
  getPost,
  postInFeed,
  search,
  signedGet,
  statusWith,
  until,
  usePeerServers,
  type PeerServer,
} from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

async function getJson(url: string, accept = AP): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { headers: { accept } });
  return { status: res.status, body: res.ok ? ((await res.json()) as Record<string, unknown>) : {} };
}

describe.each(dialects())('federation between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('WebFinger finds a person by acct:name@host and points at their actor', async () => {
    const bob = await createUser(b.app, { userName: `bob_${dialect}` });
    const { status, body } = await getJson(
      `${b.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${bob.user.userName}@${b.host}`)}`,
      'application/jrd+json',
    );
    expect(status).toBe(200);
    expect(body.subject).toBe(`acct:${bob.user.userName}@${b.host}`);
    const links = body.links as Array<{ rel: string; type?: string; href: string }>;
    expect(links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: `${b.url}/ap/users/${bob.user._id}` }));
    const missing = await getJson(`${b.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:nobody_here@${b.host}`)}`);
    expect(missing.status).toBe(404);
  });

  it('a person is a Person actor with inboxes, keys, bio and manual approval of followers', async () => {
    const carol = await createUser(b.app, { userName: `carol_${dialect}` });
    await as(b.app, carol)({ method: 'PATCH', url: '/users/me', payload: { userBio: 'Gardener & cook' } });
    const { status, body } = await getJson(`${b.url}/ap/users/${carol.user._id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'Person',
      id: `${b.url}/ap/users/${carol.user._id}`,
      preferredUsername: carol.user.userName,
      url: `${b.url}/network/u/profile/${carol.user.userName}/visited/${carol.user.userName}`,
      name: carol.user.fullName,
      summary: 'Gardener & cook',
      inbox: `${b.url}/ap/users/${carol.user._id}/inbox`,
      outbox: `${b.url}/ap/users/${carol.user._id}/outbox`,
      followers: `${b.url}/ap/users/${carol.user._id}/followers`,
      endpoints: { sharedInbox: `${b.url}/ap/inbox` },
      manuallyApprovesFollowers: true,
    });
    const publicKey = body.publicKey as { publicKeyPem: string; owner: string };
    expect(publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(publicKey.owner).toBe(body.id);
    const methods = body.assertionMethod as Array<{ type: string; publicKeyMultibase: string }>;
    expect(methods.map((m) => m.type)).toEqual(['Multikey', 'Multikey']);
    // The same keys on every read: made once and kept.
    const again = await getJson(`${b.url}/ap/users/${carol.user._id}`);
    expect((again.body.publicKey as { publicKeyPem: string }).publicKeyPem).toBe(publicKey.publicKeyPem);
  });

  it('NodeInfo 2.1 names the software, ActivityPub and the number of people', async () => {
    const index = await getJson(`${a.url}/.well-known/nodeinfo`, 'application/json');
    const link = (index.body.links as Array<{ rel: string; href: string }>)[0];
    expect(link).toMatchObject({ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${a.url}/nodeinfo/2.1` });
    const info = await getJson(link.href, 'application/json');
    expect(info.body).toMatchObject({ version: '2.1', software: { name: 'plaza' }, protocols: ['activitypub'] });
    expect((info.body.usage as { users: { total: number } }).users.total).toBeGreaterThanOrEqual(0);
  });

  it('a friend request across servers becomes a friendship once accepted, and unfriending ends it on both', async () => {
    const alice = await createUser(a.app, { userName: `alice_${dialect}` });
    const dave = await createUser(b.app, { userName: `dave_${dialect}` });

    const found = await search(a.app, alice, `@${dave.user.userName}@${b.host}`);
    expect(found[0]).toMatchObject({
      userName: `${dave.user.userName}@${b.host}`,
      fullName: dave.user.fullName,
      remote: true,
      // The actor's `url`: Dave's page on his server.
      profileUrl: `${b.url}/network/u/profile/${dave.user.userName}/visited/${dave.user.userName}`,
    });
    const remoteDave = found[0]._id;

    await act(a.app, alice, 'send', remoteDave);
    expect(await statusWith(a.app, alice, remoteDave)).toBe('request_sent');

    // On Dave's server the request arrives from Alice's handle.
    const request = await eventually(async () => {
      const res = await as(b.app, dave)({ method: 'GET', url: '/users/follow/requests?direction=received' });
      return bodyOf(res, friendRequestsResponseSchema).data.find((u) => u.userName === `${alice.user.userName}@${a.host}`);
    }, 'the friend request on the other server');
    expect(request.remote).toBe(true);

    await act(b.app, dave, 'accept', request._id);
    expect(await statusWith(b.app, dave, request._id)).toBe('friends');
    await until(a, alice, remoteDave, 'friends');

    // Nobody of another server is suggested, nor can sign in here.
    const suggested = await as(a.app, alice)({ method: 'GET', url: '/users/suggested-users' });
    expect(bodyOf(suggested, suggestionsResponseSchema).data.suggestions.map((u) => u._id)).not.toContain(remoteDave);
    for (const identifier of [`${remoteDave}@remote.invalid`, `${dave.user.userName}@${b.host}`]) {
      const login = await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier, password: '!' } });
      expect(login.statusCode).toBe(401);
    }

    await act(a.app, alice, 'remove', remoteDave);
    expect(await statusWith(a.app, alice, remoteDave)).toBe('not_connected');
    await until(b, dave, request._id, 'not_connected');
  });

  it('declining a request from another server tells that server', async () => {
    const erin = await createUser(a.app, { userName: `erin_${dialect}` });
    const frank = await createUser(b.app, { userName: `frank_${dialect}` });
    // A profile address finds them as well as their handle does.
    const [remoteFrank] = await search(a.app, erin, `${b.url}/ap/users/${frank.user._id}`);
    expect(remoteFrank).toMatchObject({ userName: `${frank.user.userName}@${b.host}`, remote: true });
    await act(a.app, erin, 'send', remoteFrank._id);
    const request = await eventually(async () => {
      const res = await as(b.app, frank)({ method: 'GET', url: '/users/follow/requests?direction=received' });
      return bodyOf(res, friendRequestsResponseSchema).data[0];
    }, 'the friend request on the other server');
    await act(b.app, frank, 'decline', request._id);
    await until(a, erin, remoteFrank._id, 'not_connected');
  });

  it('an inbox refuses activities without a valid signature', async () => {
    const gina = await createUser(b.app, { userName: `gina_${dialect}` });
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${a.url}/ap/follows/forged`,
      type: 'Follow',
      actor: `${a.url}/ap/users/someone`,
      object: `${b.url}/ap/users/${gina.user._id}`,
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${b.url}/ap/users/${gina.user._id}/inbox`, {
        method: 'POST',
        headers: { 'content-type': AP, ...headers },
        body: JSON.stringify(follow),
      });
    expect((await post({})).status).toBe(401);
    const forged = await post({
      date: new Date().toUTCString(),
      signature: `keyId="${a.url}/ap/users/someone#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"`,
    });
    expect(forged.status).toBe(401);
    const requests = await as(b.app, gina)({ method: 'GET', url: '/users/follow/requests?direction=received' });
    expect(bodyOf(requests, friendRequestsResponseSchema).data).toEqual([]);
  });
});

describe.each(dialects())('posts and likes between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it("a post reaches the author's friend on the other server with its image, then its edit and its deletion", async () => {
    const ann = await createUser(a.app, { userName: `ann_${dialect}` });
    const ben = await createUser(b.app, { userName: `ben_${dialect}` });
    const { yOnX: benOnA } = await befriendAcross(a, ann, b, ben);

    const postId = await createPost(b.app, ben, 'Hello from B\nsee https://example.com/x.', 1);
    const arrived = await postInFeed(a, ann, (p) => p.author._id === benOnA, "Ben's post on Ann's server");
    expect(arrived.author.userName).toBe(`${ben.user.userName}@${b.host}`);
    expect(arrived.content).toBe('Hello from B\nsee https://example.com/x.');
    // The image was fetched and is served by Ann's own server.
    expect(arrived.media).toHaveLength(1);
    expect(arrived.media[0].url.startsWith(b.url)).toBe(false);
    const image = await a.app.inject({ method: 'GET', url: arrived.media[0].url });
    expect(image.statusCode).toBe(200);

    // The Note is there for a friend's signed fetch, and for nobody else.
    const noteUrl = `${b.url}/ap/posts/${postId}`;
    expect((await fetch(noteUrl, { headers: { accept: AP } })).status).toBe(401);
    const note = await signedGet(a, ann, noteUrl);
    expect(note.status).toBe(200);
    expect(await note.json()).toMatchObject({
      type: 'Note',
      id: noteUrl,
      attributedTo: `${b.url}/ap/users/${ben.user._id}`,
      to: `${b.url}/ap/users/${ben.user._id}/followers`,
      attachment: { type: 'Document', mediaType: 'image/webp' },
    });

    const edited = await as(b.app, ben)({ method: 'PATCH', url: `/posts/${postId}`, payload: { content: 'Hello again' } });
    expect(edited.statusCode, edited.body).toBe(200);
    await postInFeed(a, ann, (p) => p._id === arrived._id && p.content === 'Hello again' && p.editedAt !== null, 'the edit');

    const removed = await as(b.app, ben)({ method: 'DELETE', url: `/posts/${postId}` });
    expect(removed.statusCode).toBe(200);
    await eventually(async () => ((await feedOf(a, ann)).some((p) => p._id === arrived._id) ? undefined : true), 'the deletion');
  });

  it('a post travels the other way too, and reactions travel both ways as ❤ and 👍', async () => {
    const cleo = await createUser(a.app, { userName: `cleo_${dialect}` });
    const dan = await createUser(b.app, { userName: `dan_${dialect}` });
    const { yOnX: danOnA, xOnY: cleoOnB } = await befriendAcross(a, cleo, b, dan);

    const cleosPost = await createPost(a.app, cleo, '<b>not bold</b> & fine');
    const onB = await postInFeed(b, dan, (p) => p.author._id === cleoOnB, "Cleo's post on Dan's server");
    expect(onB.content).toBe('<b>not bold</b> & fine');

    // Dan's 👍 on his server's copy becomes a 👍 on Cleo's post.
    const react = (server: PeerServer, who: TestUser, postId: string, reactionType: string) =>
      as(server.app, who)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType } });
    expect((await react(b, dan, onB._id, 'thumbsUp')).statusCode).toBe(200);
    await eventually(async () => ((await getPost(a, cleo, cleosPost)).reactionCounts.thumbsUp === 1 ? true : undefined), 'the 👍');

    // Cleo's ❤ on Dan's post, then taken back.
    const dansPost = await createPost(b.app, dan, 'A post to like');
    const onA = await postInFeed(a, cleo, (p) => p.author._id === danOnA, "Dan's post on Cleo's server");
    expect((await react(a, cleo, onA._id, 'heart')).statusCode).toBe(200);
    await eventually(async () => ((await getPost(b, dan, dansPost)).reactionCounts.heart === 1 ? true : undefined), 'the ❤');
    expect((await react(a, cleo, onA._id, 'heart')).statusCode).toBe(200);
    await eventually(async () => ((await getPost(b, dan, dansPost)).reactionCounts.heart === 0 ? true : undefined), 'the ❤ taken back');
  });

  it('takes a Note only from its author, and only from someone with a friend here', async () => {
    const eve = await createUser(a.app, { userName: `eve_${dialect}` });
    const hal = await createUser(a.app, { userName: `hal_${dialect}` });
    const fay = await createUser(b.app, { userName: `fay_${dialect}` });
    const gus = await createUser(b.app, { userName: `gus_${dialect}` });
    const ivy = await createUser(b.app, { userName: `ivy_${dialect}` });
    const { yOnX: fayOnA } = await befriendAcross(a, eve, b, fay);
    await befriendAcross(a, hal, b, gus);

    // Ivy has no friend on the other server: her posts stay home.
    await createPost(b.app, ivy, 'Nobody there knows me');

    // Gus (a friend of Hal's there) signs a Create of a Note that says Fay wrote it: refused, nothing stored.
    const gusActor = `${b.url}/ap/users/${gus.user._id}`;
    const forged = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${b.url}/ap/creates/forged-${dialect}`,
      type: 'Create',
      actor: gusActor,
      to: `${b.url}/ap/users/${fay.user._id}/followers`,
      object: {
        id: `${b.url}/ap/posts/forged-${dialect}`,
        type: 'Note',
        attributedTo: `${b.url}/ap/users/${fay.user._id}`,
        content: 'I am Fay, honest',
        to: `${b.url}/ap/users/${fay.user._id}/followers`,
      },
    };
    const keys = await b.app.ctx.db.selectFrom('federation_keys').selectAll().where('user_id', '=', gus.user._id).executeTakeFirstOrThrow();
    const request = await signRequest(
      new Request(`${a.url}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body: JSON.stringify(forged) }),
      await importJwk(JSON.parse(keys.rsa_private) as JsonWebKey, 'private'),
      new URL(`${gusActor}#main-key`),
    );
    expect((await fetch(request)).status).toBeLessThan(300);

    // Fay's own post, sent after both, arrives; neither of the others has.
    await createPost(b.app, fay, 'Hello Eve');
    await postInFeed(a, eve, (p) => p.author._id === fayOnA, "Fay's post");
    await a.app.ctx.events.settled();
    const seen = [...(await feedOf(a, eve)), ...(await feedOf(a, hal))].map((p) => p.content);
    expect(seen).toContain('Hello Eve');
    expect(seen).not.toContain('I am Fay, honest');
    expect(seen).not.toContain('Nobody there knows me');
  });
});

describe('federation without ALLOW_PRIVATE_ADDRESSES', () => {
  const [open] = usePeerServers('sqlite', 1);
  const [closed] = usePeerServers('sqlite', 1, { ALLOW_PRIVATE_ADDRESSES: 'false' });

  it('never looks up a person at a private or loopback address', async () => {
    const hank = await createUser(open.app, { userName: 'hank' });
    const ivy = await createUser(closed.app, { userName: 'ivy' });
    expect(await search(closed.app, ivy, `${open.url}/ap/users/${hank.user._id}`)).toEqual([]);
    expect(await search(closed.app, ivy, `@hank@${open.host}`)).toEqual([]);
  });
});

describe('a flood of deliveries in one server’s name', () => {
  // A hundredth of the real budget: 6 activities a minute per server and address.
  const [server] = usePeerServers('sqlite', 1, {}, { rateLimitScale: 0.01 });

  it('is answered 429 past its budget, before any signature is checked; another server keeps its own', async () => {
    const deliver = (host: string) =>
      fetch(`${server.url}/ap/inbox`, {
        method: 'POST',
        headers: { 'content-type': AP },
        body: JSON.stringify({
          '@context': 'https://www.w3.org/ns/activitystreams',
          type: 'Create',
          id: `https://${host}/activities/${Math.random()}`,
          actor: `https://${host}/users/flood`,
          object: { type: 'Note', id: `https://${host}/notes/${Math.random()}`, content: 'hello' },
        }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await deliver('flood.example')).status);
    // Unsigned, so refused; the seventh not even read.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const over = await deliver('flood.example');
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorEnvelopeSchema.parse(await over.json()).error).toBe('Too Many Requests');
    expect((await deliver('calm.example')).status).toBe(401);
  });
});

describe('searching for a handle nobody answers for', () => {
  const [server] = usePeerServers('sqlite', 1);

  it('asks the other server once, not again for each search of the same handle', async () => {
    let asked = 0;
    const nobody = createServer((req, res) => {
      if (req.url?.startsWith('/.well-known/webfinger')) asked++;
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => nobody.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = nobody.address() as AddressInfo;
      const me = await createUser(server.app, { userName: 'typist' });
      const handle = `@ghost@127.0.0.1:${port}`;
      expect(await search(server.app, me, handle)).toEqual([]);
      const first = asked;
      expect(first).toBeGreaterThan(0);
      // Typed again (or the same letters kept in the box): answered at once, the other server is left alone.
      await Promise.all([search(server.app, me, handle), search(server.app, me, handle.toUpperCase())]);
      expect(asked).toBe(first);
    } finally {
      nobody.close();
    }
  });
});
