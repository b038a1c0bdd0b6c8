import {
  auditResponseSchema,
  commentResponseSchema,
  loginResponseSchema,
  messageSchema,
  notificationsResponseSchema,
  userSearchResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { connectAs } from '../chat/testing';
import { createPost } from '../posts/testing';
import { befriend, createStory } from '../stories/testing';
import { grant, report, resolve, resolveRaw } from './testing';

describe.each(dialects())('resolving reports on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const staff = async (role: 'moderator' | 'admin' = 'moderator') => {
    const mod = await createUser(t.app);
    await grant(t.app, mod, role);
    return mod;
  };
  const get = (who: TestUser, url: string) => as(t.app, who)({ method: 'GET', url });
  const login = (who: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier: who.user.userName, password: who.password } });
  const auditOf = async (admin: TestUser) => bodyOf(await get(admin, '/admin/audit?limit=50'), auditResponseSchema).data;

  it('dismissing keeps the content, resolves every open report on it, and is logged with its reason', async () => {
    const [author, r1, r2, mod, admin] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
      await staff(),
      await staff('admin'),
    ];
    const post = await createPost(t.app, author, 'harmless');
    const first = await report(t.app, r1, { targetType: 'post', targetId: post, reason: 'spam' });
    const second = await report(t.app, r2, { targetType: 'post', targetId: post, reason: 'other' });
    const resolved = await resolve(t.app, mod, first, { action: 'dismiss', reason: 'Not spam' });
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolution: { action: 'dismiss', reason: 'Not spam', moderator: { _id: mod.user._id } },
    });
    expect((await get(r1, `/posts/${post}`)).statusCode).toBe(200);
    expect(errorOf(await resolveRaw(t.app, mod, second, { action: 'remove', reason: 'again' })).error).toBe('Conflict');
    expect((await auditOf(admin)).find((e) => e.reportId === first)).toMatchObject({
      action: 'dismiss',
      reason: 'Not spam',
      moderator: { _id: mod.user._id },
      targetUser: { _id: author.user._id },
      targetType: 'post',
      targetId: post,
    });
  });

  it('removing a post deletes it and tells its author why', async () => {
    const [author, reporter, mod] = [await createUser(t.app), await createUser(t.app), await staff()];
    const post = await createPost(t.app, author, 'buy my pills');
    const id = await report(t.app, reporter, { targetType: 'post', targetId: post, reason: 'spam' });
    const resolved = await resolve(t.app, mod, id, { action: 'remove', reason: 'Advertising is not allowed' });
    expect(resolved).toMatchObject({ status: 'resolved', target: null, resolution: { action: 'remove' } });
    expect((await get(author, `/posts/${post}`)).statusCode).toBe(404);
    const [note] = bodyOf(await get(author, '/users/notifications'), notificationsResponseSchema).notifications;
    expect(note).toMatchObject({
      type: 'content_removed',
      entityId: post,
      text: 'The moderators removed your post: Advertising is not allowed',
    });
  });

  it('removes a comment, a story and a message the same way', async () => {
    const [author, reporter, mod] = [await createUser(t.app), await createUser(t.app), await staff()];
    // Friends, so the reporter can see the story they report.
    await befriend(t.app, author, reporter);
    const post = await createPost(t.app, reporter, 'my post');
    const comment = bodyOf(
      await as(t.app, author)({ method: 'POST', url: `/comments/posts/${post}/comments`, payload: { commentContent: 'rude' } }),
      commentResponseSchema,
    ).comment._id;
    const story = await createStory(t.app, author);
    const message = bodyOf(await sendChatMessage(t.app, author, reporter, 'threat'), messageSchema)._id;
    for (const [targetType, targetId] of [
      ['comment', comment],
      ['story', story],
      ['message', message],
    ] as const) {
      const id = await report(t.app, reporter, { targetType, targetId, reason: 'harassment' });
      expect((await resolve(t.app, mod, id, { action: 'remove', reason: `this ${targetType} crosses the line` })).target).toBeNull();
    }
    expect((await get(reporter, `/comments/posts/${post}/comments`)).body).not.toContain('rude');
    expect((await get(reporter, `/chats/${reporter.user._id}/${author.user._id}`)).body).not.toContain('threat');
    const texts = bodyOf(await get(author, '/users/notifications'), notificationsResponseSchema).notifications.map((n) => n.text);
    expect(texts).toEqual(expect.arrayContaining(['The moderators removed your story: this story crosses the line']));
    expect(texts).toHaveLength(3);
  });

  it('suspending for days refuses login with the date, cuts sessions and sockets at once, and hides the person', async () => {
    const [author, reporter, mod, admin] = [
      await createUser(t.app, { fullName: 'Suspendable Person' }),
      await createUser(t.app),
      await staff(),
      await staff('admin'),
    ];
    const socket = await connectAs(t.url, author);
    const gone = new Promise<string>((done) => {
      socket.once('disconnect', () => done('disconnected'));
      setTimeout(() => done('still connected'), 2000);
    });
    const id = await report(t.app, reporter, { targetType: 'user', targetId: author.user._id, reason: 'harassment' });
    const resolved = await resolve(t.app, mod, id, { action: 'suspend', reason: 'Repeated harassment', days: 7 });
    const until = resolved.target?.authorSuspendedUntil ?? '';
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    expect(await gone).not.toBe('still connected');
    expect(socket.connected).toBe(false);
    expect((await get(author, '/users/me')).statusCode).toBe(401);
    const refused = await login(author);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(`Your account is suspended until ${until.slice(0, 16).replace('T', ' ')} UTC.`);
    expect((await get(reporter, `/users/u/profile/${reporter.user.userName}/visited/${author.user.userName}`)).statusCode).toBe(404);
    expect(bodyOf(await get(reporter, '/search/users?query=suspendable'), userSearchResponseSchema).users).toEqual([]);
    expect((await auditOf(admin)).find((e) => e.reportId === id)).toMatchObject({
      action: 'suspend',
      detail: until,
      reason: 'Repeated harassment',
    });

    // Once the time is up, they are back.
    await t.app.ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', author.user._id)
      .execute();
    expect(bodyOf(await login(author), loginResponseSchema).user._id).toBe(author.user._id);
  });

  it('suspends the author of reported content for good, and refuses what cannot be done', async () => {
    const [author, reporter, mod] = [await createUser(t.app), await createUser(t.app), await staff()];
    const post = await createPost(t.app, author);
    const id = await report(t.app, reporter, { targetType: 'post', targetId: post, reason: 'violence' });
    expect((await resolveRaw(t.app, mod, id, { action: 'suspend', reason: '' })).statusCode).toBe(400);
    await resolve(t.app, mod, id, { action: 'suspend', reason: 'Threats of violence' });
    expect(errorOf(await login(author)).message).toBe('Your account has been suspended permanently.');
    expect((await get(reporter, `/posts/${post}`)).statusCode).toBe(404);

    const person = await report(t.app, reporter, { targetType: 'user', targetId: mod.user._id, reason: 'other' });
    expect((await resolveRaw(t.app, mod, person, { action: 'remove', reason: 'x' })).statusCode).toBe(400);
    const other = await staff();
    expect((await resolveRaw(t.app, other, person, { action: 'suspend', reason: 'x' })).statusCode).toBe(403);
    expect((await resolveRaw(t.app, other, 'no-such-report', { action: 'dismiss', reason: 'x' })).statusCode).toBe(404);
  });
});
