/**
 * `Idempotency-Key` on keyed writes: a repeat (the client never saw the first answer) answers the first
 * result and writes nothing, even when the first answer was lost after the write committed; the same key
 * at once writes once; another person's key is their own.
 */
import type { CompiledQuery } from 'kysely';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, multipart, type TestUser } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { createPost } from '../modules/posts/testing';

describe.each(dialects())('Idempotency-Key (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const post = (who: TestUser, content: string, key?: string) => {
    const form = multipart({ content }, []);
    return as(
      t.app,
      who,
    )({
      method: 'POST',
      url: '/posts',
      payload: form.payload,
      headers: { ...form.headers, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };
  const postIdOf = (res: { json<T>(): T }) => res.json<{ post: { _id: string } }>().post._id;
  const postsBy = async (who: TestUser) =>
    (await t.app.ctx.db.selectFrom('posts').select('id').where('author_id', '=', who.user._id).execute()).length;
  const comment = (who: TestUser, postId: string, text: string, key: string) =>
    as(
      t.app,
      who,
    )({
      method: 'POST',
      url: `/comments/posts/${postId}/comments`,
      payload: { commentContent: text },
      headers: { 'idempotency-key': key },
    });
  const react = (who: TestUser, postId: string, key: string) =>
    as(
      t.app,
      who,
    )({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' }, headers: { 'idempotency-key': key } });

  /**
   * Runs `request` with the statements through the app's executor (outside any transaction: the key's own
   * statements) seen by `hook` first; `hook` may throw to fail one, as a cut connection would.
   */
  const withKeyStatements = async <T>(hook: (sql: string) => Promise<void>, request: () => Promise<T>): Promise<T> => {
    const executor = t.app.ctx.db.getExecutor();
    const run = executor.executeQuery.bind(executor);
    const spy = vi.spyOn(executor, 'executeQuery').mockImplementation(async (query: CompiledQuery) => {
      await hook(query.sql);
      return run(query);
    });
    try {
      return await request();
    } finally {
      spy.mockRestore();
    }
  };
  /** The first answer goes out but is never kept: the statement keeping it fails after the write committed. */
  const answerLost = <T>(request: () => Promise<T>) =>
    withKeyStatements(async (sql) => {
      if (sql.startsWith('update "idempotency_keys" set "status_code"')) throw new Error('Connection terminated unexpectedly');
    }, request);
  /** The repeat comes after the takeover time: the request that held the key has not been heard of for 10 s. */
  const timePasses = (who: TestUser, key: string) =>
    t.app.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 10_000).toISOString() })
      .where('user_id', '=', who.user._id)
      .where('key', '=', key)
      .execute();

  it('answers a repeat after a lost response with the first result and creates no second post', async () => {
    const me = await createUser(t.app);
    const key = randomUUID();
    const first = await post(me, 'only once', key);
    expect(first.statusCode).toBe(201);
    // The client never saw `first` (a cut connection, a 502) and sends the same action again.
    const again = await post(me, 'only once', key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await postsBy(me)).toBe(1);
    // Without a key every request is its own write, as before.
    await post(me, 'only once');
    expect(await postsBy(me)).toBe(2);
  });

  it('lets a repeat run once the request holding its key is gone (its process died), not minutes later', async () => {
    const me = await createUser(t.app);
    const key = randomUUID();
    // What a process killed mid-request 10 s ago leaves: the key taken, never answered, its heartbeat stopped.
    await t.app.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: me.user._id,
        key,
        fingerprint: 'left by a process that died',
        status_code: null,
        response: null,
        created_at: new Date(Date.now() - 10_000).toISOString(),
      })
      .execute();
    const started = Date.now();
    const repeat = await post(me, 'after the crash', key);
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await postsBy(me)).toBe(1);
    // And it is answered like any first request: a further repeat replays it.
    const again = await post(me, 'after the crash', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await postsBy(me)).toBe(1);
  });

  it('answers a post whose answer was lost after its commit with that post, and posts nothing again', async () => {
    const me = await createUser(t.app);
    const key = randomUUID();
    // The client never gets this answer (its process died, the database was cut before the answer was kept).
    const first = await answerLost(() => post(me, 'only once', key));
    expect(first.statusCode).toBe(201);
    const firstId = postIdOf(first);
    await timePasses(me, key);
    const again = await post(me, 'only once', key);
    expect(again.statusCode, again.body).toBe(201);
    expect(postIdOf(again)).toBe(firstId);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await postsBy(me)).toBe(1);
    // That answer is kept now: a further repeat replays it as it was sent.
    const third = await post(me, 'only once', key);
    expect(third.body).toBe(again.body);
    expect(await postsBy(me)).toBe(1);
  });

  it('answers a comment or a reaction toggle whose answer was lost after its commit, without a second write', async () => {
    const [me, author] = [await createUser(t.app), await createUser(t.app)];
    const postId = await createPost(t.app, author);
    const [commentKey, reactKey] = [randomUUID(), randomUUID()];
    const firstComment = await answerLost(() => comment(me, postId, 'once', commentKey));
    const firstReact = await answerLost(() => react(me, postId, reactKey));
    expect([firstComment.statusCode, firstReact.statusCode]).toEqual([201, 200]);
    await timePasses(me, commentKey);
    await timePasses(me, reactKey);
    const againComment = await comment(me, postId, 'once', commentKey);
    const againReact = await react(me, postId, reactKey);
    expect(againComment.statusCode, againComment.body).toBe(201);
    expect(againComment.json()).toEqual(firstComment.json());
    // Not toggled back: the answer says what the first toggle did, and the reaction is still there.
    expect(againReact.json()).toEqual(firstReact.json());
    expect(firstReact.json()).toMatchObject({ action: 'added', totalReactions: 1 });
    const comments = await t.app.ctx.db.selectFrom('comments').select('id').where('post_id', '=', postId).execute();
    expect(comments).toHaveLength(1);
    const reactions = await t.app.ctx.db.selectFrom('post_reactions').select('kind').where('post_id', '=', postId).execute();
    expect(reactions).toEqual([{ kind: 'heart' }]);
  });

  it('answers a friend request accepted before its answer was lost with that acceptance, not a 409', async () => {
    const [me, asker] = [await createUser(t.app), await createUser(t.app)];
    const act = (who: TestUser, action: string, target: TestUser, key: string) =>
      as(
        t.app,
        who,
      )({
        method: 'POST',
        url: `/users/follow/friend-request/${action}`,
        payload: { targetUserId: target.user._id },
        headers: { 'idempotency-key': key },
      });
    expect((await act(asker, 'send', me, randomUUID())).statusCode).toBe(200);
    const key = randomUUID();
    const first = await answerLost(() => act(me, 'accept', asker, key));
    expect(first.json()).toMatchObject({ status: 'friends', message: 'Friend request accepted' });
    await timePasses(me, key);
    const again = await act(me, 'accept', asker, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses another request with a key whose write committed (409), even after its answer was lost', async () => {
    const [me, author] = [await createUser(t.app), await createUser(t.app)];
    const postId = await createPost(t.app, author);
    const key = randomUUID();
    expect((await answerLost(() => comment(me, postId, 'the first', key))).statusCode).toBe(201);
    await timePasses(me, key);
    const other = await comment(me, postId, 'something else', key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, error: 'Conflict' });
    expect((await comment(me, postId, 'the first', key)).statusCode).toBe(201);
    const comments = await t.app.ctx.db.selectFrom('comments').select('content').where('post_id', '=', postId).execute();
    expect(comments).toEqual([{ content: 'the first' }]);
  });

  it('writes once when a repeat took over the key of a request still running, which then committed first', async () => {
    const me = await createUser(t.app);
    const key = randomUUID();
    // The first attempt: its post stored, its key taken but not heard of for 10 s (its server stalled).
    const earlier = await createPost(t.app, me, 'stalled');
    await t.app.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: me.user._id,
        key,
        fingerprint: 'the stalled request',
        status_code: null,
        response: null,
        created_at: new Date(Date.now() - 10_000).toISOString(),
      })
      .execute();
    // The repeat is about to take the key over when the stalled attempt's transaction commits and marks it.
    const markEarlier = async (sql: string) => {
      if (!sql.startsWith('update "idempotency_keys" set "fingerprint"')) return;
      await t.app.ctx.db.updateTable('idempotency_keys').set({ result: earlier }).where('user_id', '=', me.user._id).execute();
    };
    const repeat = await withKeyStatements(markEarlier, () => post(me, 'stalled', key));
    expect(repeat.statusCode, repeat.body).toBe(503);
    expect(await postsBy(me)).toBe(1);
    // The client's next repeat is answered with the post the first attempt stored.
    await timePasses(me, key);
    const next = await post(me, 'stalled', key);
    expect(next.statusCode, next.body).toBe(201);
    expect(postIdOf(next)).toBe(earlier);
    expect(await postsBy(me)).toBe(1);
  });

  it('writes once when two requests with one key arrive at the same time', async () => {
    const me = await createUser(t.app);
    const key = randomUUID();
    const replies = await Promise.all([post(me, 'twice at once', key), post(me, 'twice at once', key), post(me, 'twice at once', key)]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await postsBy(me)).toBe(1);
  });

  it("keeps keys per person: another person's same key is a write of their own", async () => {
    const [me, other] = [await createUser(t.app), await createUser(t.app)];
    const key = randomUUID();
    expect((await post(me, 'mine', key)).statusCode).toBe(201);
    const theirs = await post(other, 'theirs', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect([await postsBy(me), await postsBy(other)]).toEqual([1, 1]);
  });

  it('refuses the same key for a different request with 409, and a malformed key with 400', async () => {
    const me = await createUser(t.app);
    const postId = await createPost(t.app, me);
    const key = randomUUID();
    const comment = (text: string, k: string = key) =>
      as(
        t.app,
        me,
      )({
        method: 'POST',
        url: `/comments/posts/${postId}/comments`,
        payload: { commentContent: text },
        headers: { 'idempotency-key': k },
      });
    expect((await comment('first')).statusCode).toBe(201);
    const other = await comment('something else');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, error: 'Conflict' });
    expect((await comment('x', 'short')).statusCode).toBe(400);
    const comments = await t.app.ctx.db.selectFrom('comments').select('id').where('post_id', '=', postId).execute();
    expect(comments).toHaveLength(1);
  });

  it('does not toggle a reaction back when the toggle is repeated', async () => {
    const [me, author] = [await createUser(t.app), await createUser(t.app)];
    const postId = await createPost(t.app, author);
    const key = randomUUID();
    const react = () =>
      as(
        t.app,
        me,
      )({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' }, headers: { 'idempotency-key': key } });
    const first = await react();
    const again = await react();
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ action: 'added' });
  });
});
