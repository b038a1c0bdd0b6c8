import {
  commentResponseSchema,
  commentsResponseSchema,
  connectionStatusResponseSchema,
  postResponseSchema,
  reactionsResponseSchema,
  reactResponseSchema,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, freshPostgresDatabase } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connect } from '../people/testing';
import { createPost } from '../posts/testing';
import { logLines } from '../../../test/log-lines';

/** What the app's logger wrote, one parsed JSON line each. */
type LogLine = { level: number; msg?: string; event?: string; err?: { message?: string } };
const PINO_ERROR = 50;

/**
 * Notifications are written after the change that causes them has committed and been answered. When
 * that write fails (here: the notifications table is away), the change stands, its request succeeds,
 * the failure goes to the app's logger, and the event stays in the outbox until the write succeeds.
 */
describe.each(dialects())('a failing notification write on %s', (dialect) => {
  let app: FastifyInstance;
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let logged: LogLine[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-test-'));
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      const database = await freshPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = () => database.drop();
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: path.join(dataDir, 'no-web'),
      OUTBOX_POLL_MS: '50',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const { lines, sink } = logLines<LogLine>();
    logged = lines;
    app = await buildApp(config, { loggerInstance: pino({ level: 'error' }, sink) });
    await app.ready();
    await app.ctx.db.schema.alterTable('notifications').renameTo('notifications_away').execute();
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const failures = (event: string) => logged.filter((l) => l.level === PINO_ERROR && l.event === event);

  it('still answers a reaction with 200, keeps it, and logs the failure', async () => {
    const ada = await createUser(app);
    const bob = await createUser(app);
    const postId = await createPost(app, ada, 'notify me');

    const res = await as(app, bob)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' } });
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res, reactResponseSchema)).toEqual({ success: true, action: 'added', reactionType: 'heart', totalReactions: 1 });
    await app.ctx.events.settled();

    const { post } = bodyOf(await as(app, bob)({ method: 'GET', url: `/posts/${postId}` }), postResponseSchema);
    expect(post).toMatchObject({ currentUserReactions: ['heart'], totalReactions: 1 });
    const summary = bodyOf(await as(app, ada)({ method: 'GET', url: `/posts/p/reactions-all?postId=${postId}` }), reactionsResponseSchema);
    expect(summary.reactions.heart.users.map((u) => u._id)).toEqual([bob.user._id]);
    expect(failures('reactionAdded').length).toBeGreaterThan(0);
    expect(failures('reactionAdded')[0].err?.message).toMatch(/notifications/);
  });

  it('still answers a comment with 201 and a friend request with 200, keeping both', async () => {
    const ada = await createUser(app);
    const bob = await createUser(app);
    const postId = await createPost(app, ada);

    const comment = await as(app, bob)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'hi' } });
    expect(comment.statusCode).toBe(201);
    const request = await connect(app, bob, 'send', ada);
    expect(request.statusCode).toBe(200);

    const comments = bodyOf(await as(app, ada)({ method: 'GET', url: `/comments/posts/${postId}/comments` }), commentsResponseSchema);
    expect(comments.comments.map((c) => c._id)).toEqual([bodyOf(comment, commentResponseSchema).comment._id]);
    const status = bodyOf(
      await as(app, ada)({ method: 'GET', url: `/users/follow/connection-status/${bob.user._id}` }),
      connectionStatusResponseSchema,
    );
    expect(status.status).toBe('request_received');
    expect(failures('commentAdded').length).toBeGreaterThan(0);
    expect(failures('friendRequestSent').length).toBeGreaterThan(0);
  });

  it('writes every notification it could not write, once, when the table is back', async () => {
    await app.ctx.db.schema.alterTable('notifications_away').renameTo('notifications').execute();
    await vi.waitFor(async () => expect((await app.ctx.outbox.backlog()).pending).toBe(0), { timeout: 15_000, interval: 100 });
    const rows = await app.ctx.db.selectFrom('notifications').select(['type']).orderBy('id').execute();
    expect(rows.map((r) => r.type)).toEqual(['post_reaction', 'post_comment', 'friend_request']);
  });
});
