import { adminReportsResponseSchema, commentResponseSchema, messageSchema, type AdminReport } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { befriend, createStory } from '../stories/testing';
import { grant, report } from './testing';

describe.each(dialects())('reports and the queue on %s', (dialect) => {
  const t = useTestApp(dialect);
  const sendMessage = async (from: TestUser, to: TestUser, text: string) => {
    const res = await sendChatMessage(t.app, from, to, text);
    return bodyOf(res, messageSchema)._id;
  };
  const queue = async (who: TestUser, status = 'open') => {
    const res = await as(t.app, who)({ method: 'GET', url: `/admin/reports?status=${status}&limit=50` });
    expect(res.statusCode, res.body).toBe(200);
    return bodyOf(res, adminReportsResponseSchema).data;
  };
  const find = (list: AdminReport[], id: string) => list.find((r) => r._id === id);

  it('takes a report of each kind of thing, and shows it to moderators in context', async () => {
    const author = await createUser(t.app, { fullName: 'Offending Author' });
    const reporter = await createUser(t.app);
    const mod = await createUser(t.app);
    await grant(t.app, mod);
    await befriend(t.app, author, reporter);
    const post = await createPost(t.app, author, 'the post in question');
    const commentRes = await as(
      t.app,
      author,
    )({ method: 'POST', url: `/comments/posts/${post}/comments`, payload: { commentContent: 'a nasty comment' } });
    const comment = bodyOf(commentRes, commentResponseSchema).comment._id;
    const story = await createStory(t.app, author, 'a caption');
    await sendMessage(author, reporter, 'first');
    await sendMessage(reporter, author, 'second');
    const message = await sendMessage(author, reporter, 'the threat');

    const ids = {
      post: await report(t.app, reporter, { targetType: 'post', targetId: post, reason: 'spam', text: 'ads everywhere' }),
      comment: await report(t.app, reporter, { targetType: 'comment', targetId: comment, reason: 'harassment' }),
      story: await report(t.app, reporter, { targetType: 'story', targetId: story, reason: 'nudity' }),
      message: await report(t.app, reporter, { targetType: 'message', targetId: message, reason: 'violence' }),
      user: await report(t.app, reporter, { targetType: 'user', targetId: author.user._id, reason: 'other', text: 'impersonates me' }),
    };
    const list = await queue(mod);
    expect(find(list, ids.post)).toMatchObject({
      targetType: 'post',
      reason: 'spam',
      text: 'ads everywhere',
      status: 'open',
      reporter: { _id: reporter.user._id },
      target: { author: { _id: author.user._id }, text: 'the post in question', context: [], authorSuspendedUntil: null },
      resolution: null,
    });
    expect(find(list, ids.comment)?.target).toMatchObject({
      text: 'a nasty comment',
      context: [{ _id: post, text: 'the post in question' }],
    });
    expect(find(list, ids.story)?.target).toMatchObject({ text: 'a caption', media: [{ type: 'image' }] });
    expect(find(list, ids.message)?.target?.context.map((c) => [c.author, c.text])).toEqual([
      [author.user.userName, 'first'],
      [reporter.user.userName, 'second'],
    ]);
    expect(find(list, ids.user)?.target).toMatchObject({ author: { _id: author.user._id }, text: null });
    // Open reports are a queue: oldest first.
    expect(list.map((r) => r._id).slice(-5)).toEqual(Object.values(ids));
  });

  it('refuses reports of oneself (400), of what does not exist (404), of others’ messages (404), and bad reasons (400)', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const mine = await createPost(t.app, me);
    const post = async (body: object) => as(t.app, me)({ method: 'POST', url: '/reports', payload: body });
    expect((await post({ targetType: 'post', targetId: mine, reason: 'spam' })).statusCode).toBe(400);
    expect((await post({ targetType: 'user', targetId: me.user._id, reason: 'spam' })).statusCode).toBe(400);
    expect((await post({ targetType: 'post', targetId: 'nope', reason: 'spam' })).statusCode).toBe(404);
    expect(errorOf(await post({ targetType: 'post', targetId: mine, reason: 'boring' })).details?.[0].path).toBe('reason');
    const third = await createUser(t.app);
    const theirs = await sendMessage(other, third, 'private');
    expect((await post({ targetType: 'message', targetId: theirs, reason: 'spam' })).statusCode).toBe(404);
    expect(
      (
        await as(
          t.app,
          null,
        )({ method: 'POST', url: '/reports', payload: { targetType: 'user', targetId: other.user._id, reason: 'spam' } })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps the queue and the audit log from members (403), and the audit log from moderators', async () => {
    const member = await createUser(t.app);
    const mod = await createUser(t.app);
    await grant(t.app, mod);
    const get = (who: TestUser, url: string) => as(t.app, who)({ method: 'GET', url });
    expect((await get(member, '/admin/reports')).statusCode).toBe(403);
    expect((await get(member, '/admin/audit')).statusCode).toBe(403);
    expect(
      (await as(t.app, member)({ method: 'POST', url: '/admin/reports/x/resolve', payload: { action: 'dismiss', reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await get(mod, '/admin/reports')).statusCode).toBe(200);
    expect((await get(mod, '/admin/audit')).statusCode).toBe(403);
    await grant(t.app, mod, 'admin');
    expect((await get(mod, '/admin/audit')).statusCode).toBe(200);
  });
});
