/** Two real Plaza servers on loopback befriend each other's people over ActivityPub. */
import {
  connectionStatusResponseSchema,
  friendRequestsResponseSchema,
  suggestionsResponseSchema,
  userSearchResponseSchema,
  type PublicUser,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { eventually, usePeerServers, type PeerServer } from './testing';

const AP = 'application/activity+json';

async function getJson(url: string, accept = AP): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { headers: { accept } });
  return { status: res.status, body: res.ok ? ((await res.json()) as Record<string, unknown>) : {} };
}

async function search(app: FastifyInstance, who: TestUser, query: string): Promise<PublicUser[]> {
  const res = await as(app, who)({ method: 'GET', url: `/search/users?query=${encodeURIComponent(query)}` });
  expect(res.statusCode).toBe(200);
  return bodyOf(res, userSearchResponseSchema).users;
}

async function statusWith(app: FastifyInstance, who: TestUser, otherId: string) {
  const res = await as(app, who)({ method: 'GET', url: `/users/follow/connection-status/${otherId}` });
  return bodyOf(res, connectionStatusResponseSchema).status;
}

async function act(app: FastifyInstance, who: TestUser, action: string, targetUserId: string) {
  const url = action === 'remove' ? '/users/follow/friend-request/friend/remove' : `/users/follow/friend-request/${action}`;
  const res = await as(app, who)({ method: 'POST', url, payload: { targetUserId } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Waits until `who` on `server` stands with `otherId` as `status`. */
const until = (server: PeerServer, who: TestUser, otherId: string, status: string) =>
  eventually(async () => ((await statusWith(server.app, who, otherId)) === status ? true : undefined), `${status} on ${server.host}`);

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
      profileUrl: `${b.url}/ap/users/${dave.user._id}`,
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
