import {
  blockResponseSchema,
  commentResponseSchema,
  commentsResponseSchema,
  conversationsResponseSchema,
  feedResponseSchema,
  networkResponseSchema,
  notificationsResponseSchema,
  peopleListResponseSchema,
  reactionsResponseSchema,
  relationResponseSchema,
  storiesResponseSchema,
  suggestionsResponseSchema,
  userPostsResponseSchema,
  userSearchResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { connect, statusOf } from '../people/testing';
import { befriend, createPost } from '../posts/testing';
import { createStory } from '../stories/testing';
import { act } from './testing';

describe.each(dialects())('blocking on %s', (dialect) => {
  const t = useTestApp(dialect);
  const get = async (who: TestUser, url: string) => as(t.app, who)({ method: 'GET', url });
  const ok = async <S extends Parameters<typeof bodyOf>[1]>(who: TestUser, url: string, schema: S) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    return bodyOf(res, schema);
  };
  const message = (from: TestUser, to: TestUser, text = 'hello') => sendChatMessage(t.app, from, to, text);
  const comment = (who: TestUser, postId: string, text = 'a comment') =>
    as(t.app, who)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: text } });
  const react = (who: TestUser, postId: string) =>
    as(t.app, who)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' } });
  /** Two strangers, `me` having blocked `them`; each rule is checked from both sides. */
  const blockedPair = async () => {
    const me = await createUser(t.app);
    const them = await createUser(t.app);
    return { me, them };
  };

  it('ends a friendship and cancels pending requests either way', async () => {
    const { me, them } = await blockedPair();
    await befriend(t.app, me, them);
    await act(t.app, me, 'block', them);
    expect(await statusOf(t.app, me, them)).toBe('not_connected');

    const asker = await createUser(t.app);
    expect((await connect(t.app, asker, 'send', me)).statusCode).toBe(200);
    await act(t.app, me, 'block', asker);
    expect(await statusOf(t.app, asker, me)).toBe('not_connected');
    const mine = await createUser(t.app);
    expect((await connect(t.app, me, 'send', mine)).statusCode).toBe(200);
    await act(t.app, me, 'block', mine);
    expect(await statusOf(t.app, mine, me)).toBe('not_connected');
  });

  it('refuses friend requests, messages, comments, reactions and comment likes either way with 403', async () => {
    const { me, them } = await blockedPair();
    const myPost = await createPost(t.app, me, 'mine');
    const theirPost = await createPost(t.app, them, 'theirs');
    const myComment = bodyOf(await comment(me, myPost), commentResponseSchema).comment._id;
    await act(t.app, me, 'block', them);
    for (const [a, b, post] of [
      [me, them, theirPost],
      [them, me, myPost],
    ] as const) {
      expect((await connect(t.app, a, 'send', b)).statusCode).toBe(403);
      expect(errorOf(await message(a, b)).message).toMatch(/can’t interact/);
      expect((await message(a, b)).statusCode).toBe(403);
      expect((await comment(a, post)).statusCode).toBe(403);
      expect((await react(a, post)).statusCode).toBe(403);
    }
    expect((await as(t.app, them)({ method: 'POST', url: `/comments/${myComment}/like` })).statusCode).toBe(403);
    // Others still may.
    const other = await createUser(t.app);
    expect((await message(other, them)).statusCode).toBe(201);
    expect((await comment(other, myPost)).statusCode).toBe(201);
  });

  it('makes the profile, the posts and the comments of the other 404 either way', async () => {
    const { me, them } = await blockedPair();
    const myPost = await createPost(t.app, me);
    const theirPost = await createPost(t.app, them);
    await act(t.app, them, 'block', me);
    for (const [a, b, post] of [
      [me, them, theirPost],
      [them, me, myPost],
    ] as const) {
      expect((await get(a, `/users/u/profile/${a.user.userName}/visited/${b.user.userName}`)).statusCode).toBe(404);
      expect((await get(a, `/posts/${post}`)).statusCode).toBe(404);
      expect((await get(a, `/posts/user/${b.user.userName}`)).statusCode).toBe(404);
      expect((await get(a, `/comments/posts/${post}/comments`)).statusCode).toBe(404);
    }
    const other = await createUser(t.app);
    expect((await ok(other, `/posts/user/${them.user.userName}`, userPostsResponseSchema)).userPosts).toHaveLength(1);
  });

  it('leaves each out of the other’s search, network and suggestions', async () => {
    const me = await createUser(t.app, { fullName: 'Quillon Blockfinder' });
    const them = await createUser(t.app, { fullName: 'Quillon Blocked' });
    const friend = await createUser(t.app);
    await befriend(t.app, me, friend);
    await befriend(t.app, them, friend);
    const seen = async (a: TestUser, b: TestUser) => ({
      search: (await ok(a, '/search/users?query=quillon', userSearchResponseSchema)).users.some((u) => u._id === b.user._id),
      network: (await ok(a, '/users/network?limit=50&search=quillon', networkResponseSchema)).data.some((u) => u._id === b.user._id),
      suggested: (await ok(a, '/users/suggested-users?limit=50', suggestionsResponseSchema)).data.suggestions.some(
        (u) => u._id === b.user._id,
      ),
    });
    expect(await seen(me, them)).toEqual({ search: true, network: true, suggested: true });
    await act(t.app, me, 'block', them);
    expect(await seen(me, them)).toEqual({ search: false, network: false, suggested: false });
    expect(await seen(them, me)).toEqual({ search: false, network: false, suggested: false });
    expect((await ok(me, '/users/network?limit=50&search=quillon', networkResponseSchema)).pagination.totalUsers).toBe(0);
  });

  it('takes each one’s posts out of the other’s feed, and their stories out of the tray', async () => {
    const { me, them } = await blockedPair();
    // Without friends, the feed shows everyone's recent posts.
    const theirs = await createPost(t.app, them, 'from them');
    const mine = await createPost(t.app, me, 'from me');
    const feedOf = async (who: TestUser) =>
      (await ok(who, `/posts/${who.user.userName}/feeds?limit=50`, feedResponseSchema)).data.feeds.map((p) => p._id);
    expect(await feedOf(me)).toContain(theirs);
    await act(t.app, me, 'block', them);
    expect(await feedOf(me)).not.toContain(theirs);
    expect(await feedOf(them)).not.toContain(mine);

    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await befriend(t.app, a, b);
    const story = await createStory(t.app, b, 'hi');
    const tray = async (who: TestUser) => (await ok(who, '/users/u/stories/all', storiesResponseSchema)).stories.map((s) => s._id);
    expect(await tray(a)).toContain(story);
    await act(t.app, b, 'block', a);
    expect(await tray(a)).not.toContain(story);
    expect((await as(t.app, a)({ method: 'POST', url: `/users/u/stories/s/${story}/view` })).statusCode).toBe(404);
  });

  it('hides their notifications, comments and reactions on my posts from me', async () => {
    const { me, them } = await blockedPair();
    const post = await createPost(t.app, me);
    expect((await comment(them, post, 'rude')).statusCode).toBe(201);
    expect((await react(them, post)).statusCode).toBe(200);
    const bystander = await createUser(t.app);
    expect((await comment(bystander, post, 'kind')).statusCode).toBe(201);
    await t.app.ctx.events.settled();
    const actors = async () => (await ok(me, '/users/notifications', notificationsResponseSchema)).notifications.map((n) => n.actor._id);
    expect(await actors()).toContain(them.user._id);

    await act(t.app, me, 'block', them);
    expect(await actors()).not.toContain(them.user._id);
    expect(await actors()).toContain(bystander.user._id);
    const comments = (await ok(me, `/comments/posts/${post}/comments`, commentsResponseSchema)).comments;
    expect(comments.map((c) => c.commentContent)).toEqual(['kind']);
    const reactions = await ok(me, `/posts/p/reactions-all?postId=${post}`, reactionsResponseSchema);
    expect(reactions.reactions.heart.users.map((u) => u._id)).not.toContain(them.user._id);
    expect((await ok(bystander, `/posts/p/reactions-all?postId=${post}`, reactionsResponseSchema)).reactions.heart.users).toHaveLength(1);
  });

  it('drops the conversation from both lists and says why the composer is closed', async () => {
    const { me, them } = await blockedPair();
    expect((await message(them, me)).statusCode).toBe(201);
    const partners = async (who: TestUser) =>
      (await ok(who, '/chats/conversations', conversationsResponseSchema)).data.map((c) => c.user._id);
    expect(await partners(me)).toEqual([them.user._id]);
    await act(t.app, me, 'block', them);
    expect(await partners(me)).toEqual([]);
    expect(await partners(them)).toEqual([]);
    expect(await ok(me, `/users/${them.user._id}/relation`, relationResponseSchema)).toEqual({
      success: true,
      userId: them.user._id,
      blocked: true,
      muted: false,
      canInteract: false,
    });
    // The blocked person learns nothing: the answer of an account that does not exist, as the profile's.
    const theirs = await get(them, `/users/${me.user._id}/relation`);
    const missing = await get(them, `/users/00000000-0000-7000-8000-000000000000/relation`);
    expect({ status: theirs.statusCode, body: theirs.body }).toEqual({ status: 404, body: missing.body });
  });

  it('lists whom I blocked, and unblocking brings them back (but not the friendship)', async () => {
    const { me, them } = await blockedPair();
    await befriend(t.app, me, them);
    await act(t.app, me, 'block', them);
    expect((await ok(me, '/users/me/blocks', peopleListResponseSchema)).data.map((u) => u._id)).toEqual([them.user._id]);
    expect((await ok(them, '/users/me/blocks', peopleListResponseSchema)).data).toEqual([]);
    const res = await as(t.app, me)({ method: 'DELETE', url: `/users/${them.user._id}/block` });
    expect(bodyOf(res, blockResponseSchema)).toEqual({ success: true, userId: them.user._id, blocked: false });
    expect((await ok(me, '/users/me/blocks', peopleListResponseSchema)).data).toEqual([]);
    expect((await get(me, `/users/u/profile/${me.user.userName}/visited/${them.user.userName}`)).statusCode).toBe(200);
    expect(await statusOf(t.app, me, them)).toBe('not_connected');
    expect((await message(them, me)).statusCode).toBe(201);
  });

  it('refuses blocking oneself (400) and someone unknown (404); blocking twice is fine', async () => {
    const { me, them } = await blockedPair();
    expect((await as(t.app, me)({ method: 'POST', url: `/users/${me.user._id}/block` })).statusCode).toBe(400);
    expect((await as(t.app, me)({ method: 'POST', url: '/users/nobody-like-this/block' })).statusCode).toBe(404);
    await act(t.app, me, 'block', them);
    await act(t.app, me, 'block', them);
    expect((await as(t.app, null)({ method: 'GET', url: '/users/me/blocks' })).statusCode).toBe(401);
  });
});
