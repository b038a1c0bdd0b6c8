/**
 * `Idempotency-Key` on keyed writes: a repeat (the client never saw the first answer) answers the first
 * result and writes nothing; the same key at once writes once; another person's key is their own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
  const postsBy = async (who: TestUser) =>
    (await t.app.ctx.db.selectFrom('posts').select('id').where('author_id', '=', who.user._id).execute()).length;

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
