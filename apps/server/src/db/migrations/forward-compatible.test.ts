/**
 * Old nodes on the new schema: during a rolling deploy, the first node of a release runs its migrations
 * while the nodes of the release before go on serving. This runs today's code through a day of use,
 * then applies the kinds of change an expand migration may make (rolling-deploy.test.ts lets no other
 * kind through): a nullable column and a required column with a default on every table, a new table,
 * a new index. Today's code, still running with its caches and prepared statements, must carry on:
 * signing up and in, friends, posts, reactions, comments, the feed, chat, notifications and search.
 */
import {
  chatHistoryResponseSchema,
  feedResponseSchema,
  loginResponseSchema,
  messageSchema,
  notificationsResponseSchema,
  refreshResponseSchema,
  userSearchResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { as, createUser, pngImage, sendChatMessage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost, imageFile, sendPost } from '../../modules/posts/testing';
import type { Db, DialectName } from '../index';

/** The ordinary tables: not SQLite's own, not a virtual table nor its shadow tables, not the migrator's. */
async function tablesOf(db: Db, dialect: DialectName): Promise<string[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
  }
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table'`.execute(db);
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql)).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('sqlite_') && !n.startsWith('kysely_') && !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
}

/** What the next release's expand migration may do, done to every table at once. */
async function expandEverything(db: Db, dialect: DialectName): Promise<number> {
  const tables = await tablesOf(db, dialect);
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('next_release_note', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('next_release_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('next_release_things')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('next_release_posts_idx').on('posts').columns(['author_id', 'next_release_flag']).execute();
  return tables.length;
}

/** Two new people go through what people do on Plaza; every answer must be the success the contract names. */
async function dayOfUse(app: FastifyInstance, label: string): Promise<void> {
  const [a, b] = [await createUser(app), await createUser(app)];
  const login = await as(app, null)({ method: 'POST', url: '/auth/login', payload: { identifier: a.user.userName, password: a.password } });
  expect(login.statusCode, `${label}: login`).toBe(200);
  bodyOf(login, loginResponseSchema);
  const refreshed = await as(app, null)({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: a.refreshToken } });
  expect(refreshed.statusCode, `${label}: refresh`).toBe(200);
  bodyOf(refreshed, refreshResponseSchema);

  const asA = as(app, a);
  const asB = as(app, b);
  const requestSent = await asA({ method: 'POST', url: '/users/follow/friend-request/send', payload: { targetUserId: b.user._id } });
  expect(requestSent.statusCode, `${label}: friend request`).toBeLessThan(300);
  const accepted = await asB({ method: 'POST', url: '/users/follow/friend-request/accept', payload: { targetUserId: a.user._id } });
  expect(accepted.statusCode, `${label}: accept`).toBeLessThan(300);

  const withImage = await sendPost(app, a, `${label}: a photo`, [imageFile(await pngImage(80, 60))]);
  expect(withImage.statusCode, `${label}: image post`).toBe(201);
  const postId = await createPost(app, a, `${label}: words`);
  expect((await asB({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' } })).statusCode).toBeLessThan(300);
  const comment = await asB({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'nice' } });
  expect(comment.statusCode, `${label}: comment`).toBe(201);
  expect((await asB({ method: 'PUT', url: `/posts/${postId}/favorite`, payload: { favorite: true } })).statusCode).toBeLessThan(300);
  await app.ctx.events.settled();

  const feed = bodyOf(await asB({ method: 'GET', url: `/posts/${b.user.userName}/feeds` }), feedResponseSchema);
  expect(
    feed.data.feeds.find((p) => p._id === postId),
    `${label}: the post in the friend's feed`,
  ).toMatchObject({
    totalReactions: 1,
    commentsCount: 1,
  });

  const sent = bodyOf(await sendChatMessage(app, a, b, `${label}: hello`), messageSchema);
  const history = bodyOf(await asB({ method: 'GET', url: `/chats/${b.user._id}/${a.user._id}` }), chatHistoryResponseSchema);
  expect(history.map((m) => m._id)).toContain(sent._id);
  expect((await asB({ method: 'POST', url: `/chats/${a.user._id}/read` })).statusCode).toBeLessThan(300);

  const notifications = bodyOf(await asA({ method: 'GET', url: '/users/notifications' }), notificationsResponseSchema);
  expect(notifications.notifications.length, `${label}: notifications`).toBeGreaterThan(0);
  const found = bodyOf(await asA({ method: 'GET', url: `/search/users?query=${b.user.userName}` }), userSearchResponseSchema);
  expect(found.users.map((u) => u._id)).toContain(b.user._id);
  expect((await asA({ method: 'GET', url: `/users/u/profile/${a.user.userName}/visited/${b.user.userName}` })).statusCode).toBe(200);
}

describe.each(dialects())('the running code on the next release’s expanded schema, on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('goes on serving, with its caches and prepared statements from before the change', async () => {
    await dayOfUse(t.app, 'before');
    const tables = await expandEverything(t.app.ctx.db, t.app.ctx.dialect);
    expect(tables).toBeGreaterThan(20);
    await dayOfUse(t.app, 'after');
  });
});
