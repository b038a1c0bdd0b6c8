/**
 * Test helpers for federation: real Plaza servers on loopback ports, each with its own database, whose
 * PUBLIC_URL is their own http address, so they find, sign for and deliver to each other as servers
 * on the internet do (with ALLOW_PRIVATE_ADDRESSES=true, which loopback needs).
 */
import { importJwk, signRequest } from '@fedify/fedify';
import {
  commentResponseSchema,
  commentsResponseSchema,
  connectionStatusResponseSchema,
  feedResponseSchema,
  friendRequestsResponseSchema,
  postResponseSchema,
  userSearchResponseSchema,
  type Comment,
  type Post,
  type PublicUser,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { as, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';
import { copySqliteTemplate, freshPostgresDatabase, testConfig, type Dialect } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

export interface PeerServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  /** 127.0.0.1:<port>, the host part of its people's handles. */
  host: string;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `count` federating servers for a suite, started before its tests and stopped after; `federationRecoveryMs`
 * shortens how long their deliveries to a peer that was down are held (Config.federationRecoveryMs).
 */
export function usePeerServers(
  dialect: Dialect,
  count: number,
  env: Record<string, string> = {},
  options: { rateLimitScale?: number; federationRecoveryMs?: number } = {},
): PeerServer[] {
  // Filled in before the tests run: the suite destructures them when it is declared.
  const servers = Array.from({ length: count }, () => ({}) as PeerServer);
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-fed-'));
      let databaseUrl: string | undefined;
      if (dialect === 'postgres') {
        const pg = await freshPostgresDatabase({ migrated: true });
        databaseUrl = pg.url;
        cleanups.push(() => pg.drop());
      } else copySqliteTemplate(dataDir);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        WEB_DIST: path.join(dataDir, 'no-web'),
        UNVERIFIED_POSTS_PER_DAY: '100000',
        PUBLIC_URL: url,
        FEDERATION: 'on',
        ALLOW_PRIVATE_ADDRESSES: 'true',
        // Deliveries wait for the jobs' poll: a short one keeps a round trip between servers quick.
        OUTBOX_POLL_MS: '50',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      });
      const app = await buildApp(
        { ...testConfig(config, options), ...(options.federationRecoveryMs ? { federationRecoveryMs: options.federationRecoveryMs } : {}) },
        { logger: false },
      );
      await app.listen({ port, host: '127.0.0.1' });
      Object.assign(servers[i], { app, url, host: `127.0.0.1:${port}` });
      cleanups.push(async () => {
        const closing = app.close();
        // The other server's keep-alive connections (same process) would hold the listener for Fastify's 72 s.
        const cut = setTimeout(() => app.server.closeAllConnections(), 1000);
        await closing;
        clearTimeout(cut);
        rmSync(dataDir, { recursive: true, force: true });
      });
    }
  });

  afterAll(async () => {
    // Servers first, then their databases.
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  return servers;
}

/** Asks `check` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a person does through the API of their own server, and what a test waits to see there. */

export const AP = 'application/activity+json';

export async function search(app: FastifyInstance, who: TestUser, query: string): Promise<PublicUser[]> {
  const res = await as(app, who)({ method: 'GET', url: `/search/users?query=${encodeURIComponent(query)}` });
  expect(res.statusCode).toBe(200);
  return bodyOf(res, userSearchResponseSchema).users;
}

export async function statusWith(app: FastifyInstance, who: TestUser, otherId: string) {
  const res = await as(app, who)({ method: 'GET', url: `/users/follow/connection-status/${otherId}` });
  return bodyOf(res, connectionStatusResponseSchema).status;
}

export async function act(app: FastifyInstance, who: TestUser, action: string, targetUserId: string) {
  const url = action === 'remove' ? '/users/follow/friend-request/friend/remove' : `/users/follow/friend-request/${action}`;
  const res = await as(app, who)({ method: 'POST', url, payload: { targetUserId } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Waits until `who` on `server` stands with `otherId` as `status`. */
export const until = (server: PeerServer, who: TestUser, otherId: string, status: string) =>
  eventually(async () => ((await statusWith(server.app, who, otherId)) === status ? true : undefined), `${status} on ${server.host}`);

/** Makes `x` of server `sx` and `y` of server `sy` friends across the servers; answers each one's id for the other on the other server. */
export async function befriendAcross(sx: PeerServer, x: TestUser, sy: PeerServer, y: TestUser): Promise<{ yOnX: string; xOnY: string }> {
  const [remoteY] = await search(sx.app, x, `@${y.user.userName}@${sy.host}`);
  await act(sx.app, x, 'send', remoteY._id);
  const request = await eventually(async () => {
    const res = await as(sy.app, y)({ method: 'GET', url: '/users/follow/requests?direction=received' });
    return bodyOf(res, friendRequestsResponseSchema).data.find((u) => u.userName === `${x.user.userName}@${sx.host}`);
  }, 'the friend request on the other server');
  await act(sy.app, y, 'accept', request._id);
  await until(sx, x, remoteY._id, 'friends');
  return { yOnX: remoteY._id, xOnY: request._id };
}

export async function feedOf(server: PeerServer, who: TestUser): Promise<Post[]> {
  const res = await as(server.app, who)({ method: 'GET', url: `/posts/${who.user.userName}/feeds?limit=50` });
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf(res, feedResponseSchema).data.feeds;
}

/** Waits until `who`'s feed on `server` has a post of which `match` says yes. */
export const postInFeed = (server: PeerServer, who: TestUser, match: (p: Post) => boolean, what: string) =>
  eventually(async () => (await feedOf(server, who)).find(match), what);

export async function getPost(server: PeerServer, who: TestUser, postId: string): Promise<Post> {
  const res = await as(server.app, who)({ method: 'GET', url: `/posts/${postId}` });
  return bodyOf(res, postResponseSchema).post;
}

export async function commentsOn(server: PeerServer, who: TestUser, postId: string): Promise<Comment[]> {
  const res = await as(server.app, who)({ method: 'GET', url: `/comments/posts/${postId}/comments` });
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf(res, commentsResponseSchema).comments;
}

export async function comment(server: PeerServer, who: TestUser, postId: string, text: string): Promise<Comment> {
  const res = await as(server.app, who)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: text } });
  expect(res.statusCode, res.body).toBe(201);
  return bodyOf(res, commentResponseSchema).comment;
}

/** `request` signed with the RSA key of `who` of `server`, as their server would sign it, and sent. */
async function sendSigned(server: PeerServer, who: TestUser, request: Request): Promise<Response> {
  const keys = await server.app.ctx.db
    .selectFrom('federation_keys')
    .selectAll()
    .where('user_id', '=', who.user._id)
    .executeTakeFirstOrThrow();
  const privateKey = await importJwk(JSON.parse(keys.rsa_private) as JsonWebKey, 'private');
  return fetch(await signRequest(request, privateKey, new URL(`${actorUrl(server, who)}#main-key`)));
}

/** The actor id of `who` of `server`. */
export const actorUrl = (server: PeerServer, who: TestUser) => `${server.url}/ap/users/${who.user._id}`;

/** A GET signed by `who` of `server`, as their server would sign a fetch. */
export const signedGet = (server: PeerServer, who: TestUser, url: string): Promise<Response> =>
  sendSigned(server, who, new Request(url, { headers: { accept: AP } }));

/** An activity in JSON, signed by `who` of `from` and posted to the shared inbox of `to`, as `from` would deliver it. */
export const deliverSigned = (from: PeerServer, who: TestUser, to: PeerServer, activity: object): Promise<Response> =>
  sendSigned(
    from,
    who,
    new Request(`${to.url}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': AP },
      body: JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity }),
    }),
  );
