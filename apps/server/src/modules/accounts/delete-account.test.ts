import {
  chatHistoryResponseSchema,
  conversationsResponseSchema,
  DELETED_USER_NAME,
  feedResponseSchema,
  networkResponseSchema,
  ownProfileResponseSchema,
  postResponseSchema,
  userSearchResponseSchema,
} from '@plaza/contract';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, multipart, pngImage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { connectAs } from '../chat/testing';
import { befriend, createPost } from '../posts/testing';
import { createStory } from '../stories/testing';

describe.each(dialects())('deleting an account on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const db = () => t.app.ctx.db;

  it('refuses without the right password and changes nothing', async () => {
    const u = await createUser(t.app);
    const res = await as(t.app, u)({ method: 'DELETE', url: '/users/me', payload: { password: 'not my password' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.[0]?.path).toBe('password');
    expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
  });

  it('removes the person, their content and files at once; counters, timelines and the other side of chats stay right', async () => {
    const leaving = await createUser(t.app, { fullName: 'Leaving Person' });
    const friend = await createUser(t.app, { fullName: 'Staying Friend' });
    await befriend(t.app, leaving, friend);
    const avatar = await as(
      t.app,
      leaving,
    )({
      method: 'POST',
      url: '/users/me/avatar',
      ...multipart({}, [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', data: await pngImage(64, 64) }]),
    });
    expect(avatar.statusCode).toBe(200);
    const ownPost = await createPost(t.app, leaving, 'a post that goes', 1);
    const storyId = await createStory(t.app, leaving, 'a story that goes');
    const friendPost = await createPost(t.app, friend, 'a post that stays');
    await as(t.app, leaving)({ method: 'PUT', url: `/posts/react/${friendPost}`, payload: { reactionType: 'heart' } });
    await as(t.app, friend)({ method: 'PUT', url: `/posts/react/${friendPost}`, payload: { reactionType: 'clap' } });
    await as(t.app, leaving)({ method: 'POST', url: `/comments/posts/${friendPost}/comments`, payload: { commentContent: 'bye' } });
    await as(
      t.app,
      friend,
    )({ method: 'POST', url: `/comments/posts/${ownPost}/comments`, payload: { commentContent: 'on a post that goes' } });
    await as(t.app, friend)({ method: 'PUT', url: `/posts/${ownPost}/favorite` });
    for (const [from, to, text] of [
      [leaving, friend, 'hello from the leaver'],
      [friend, leaving, 'hello back'],
    ] as const) {
      const sent = await sendChatMessage(t.app, from, to, text);
      expect(sent.statusCode).toBe(201);
    }
    await t.app.ctx.events.settled();

    const postMedia = (await db().selectFrom('posts').select('media').where('id', '=', ownPost).executeTakeFirstOrThrow()).media;
    const images = JSON.parse(postMedia) as Array<{ url: string; thumb_url: string }>;
    const mediaUrls: string[] = [
      ...images.flatMap((m) => [m.url, m.thumb_url]),
      (await db().selectFrom('stories').select('media_url').where('id', '=', storyId).executeTakeFirstOrThrow()).media_url,
      (await db().selectFrom('users').select('avatar_url').where('id', '=', leaving.user._id).executeTakeFirstOrThrow()).avatar_url ?? '',
    ];
    const files = mediaUrls.map((url) => t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(url) ?? ''));
    expect(files.every((f) => existsSync(f))).toBe(true);
    const socket = await connectAs(t.url, leaving);
    const cut = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));

    const res = await as(t.app, leaving)({ method: 'DELETE', url: '/users/me', payload: { password: leaving.password } });
    expect(res.statusCode).toBe(200);
    await cut;

    // The account: no login, no session, no profile, not found anywhere.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: leaving.user.userName, password: leaving.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await as(t.app, leaving)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    const f = as(t.app, friend);
    expect((await f({ method: 'GET', url: `/users/u/profile/${friend.user.userName}/visited/${leaving.user.userName}` })).statusCode).toBe(
      404,
    );
    expect((await f({ method: 'GET', url: `/posts/${ownPost}` })).statusCode).toBe(404);
    expect(bodyOf(await f({ method: 'GET', url: '/search/users?query=Leaving' }), userSearchResponseSchema).users).toEqual([]);
    expect(bodyOf(await f({ method: 'GET', url: '/search/users?query=Deleted' }), userSearchResponseSchema).users).toEqual([]);
    const network = bodyOf(await f({ method: 'GET', url: '/users/network?limit=50' }), networkResponseSchema).data;
    expect(network.map((p) => p.fullName)).not.toContain(DELETED_USER_NAME);
    expect(network.map((p) => p._id)).not.toContain(leaving.user._id);

    // Their content is gone from the database and the disk.
    for (const [table, column] of [
      ['posts', 'author_id'],
      ['comments', 'author_id'],
      ['post_reactions', 'user_id'],
      ['stories', 'user_id'],
      ['sessions', 'user_id'],
      ['connections', 'user_low'],
      ['connections', 'user_high'],
      ['feed_items', 'owner_id'],
      ['users', 'id'],
    ] as const) {
      const rows = await db().selectFrom(table).select(column).where(column, '=', leaving.user._id).execute();
      expect(rows, `${table}.${column}`).toEqual([]);
    }
    expect(files.filter((file) => existsSync(file))).toEqual([]);

    // The friend's feed, post counters and friend count are right.
    const feed = bodyOf(await f({ method: 'GET', url: `/posts/${friend.user.userName}/feeds` }), feedResponseSchema).data;
    expect(feed.feeds.map((p) => p._id)).toEqual([friendPost]);
    expect(feed.totalCount).toBe(1);
    const post = bodyOf(await f({ method: 'GET', url: `/posts/${friendPost}` }), postResponseSchema).post;
    expect(post).toMatchObject({ totalReactions: 1, commentsCount: 0, reactionCounts: { heart: 0, clap: 1 } });
    const profile = bodyOf(await f({ method: 'GET', url: `/users/u/profile/${friend.user.userName}` }), ownProfileResponseSchema).data;
    expect(profile.stats.friends).toBe(0);

    // The conversation stays with the friend, from "Deleted user".
    const conversations = bodyOf(await f({ method: 'GET', url: '/chats/conversations' }), conversationsResponseSchema).data;
    expect(conversations).toHaveLength(1);
    const ghost = conversations[0].user;
    expect(ghost).toMatchObject({ fullName: DELETED_USER_NAME, userImage: null, userBio: null });
    expect(ghost._id).not.toBe(leaving.user._id);
    expect(JSON.stringify(ghost)).not.toContain(leaving.user.userName);
    const history = bodyOf(await f({ method: 'GET', url: `/chats/${friend.user._id}/${ghost._id}` }), chatHistoryResponseSchema);
    expect(history.map((m) => [m.messageSender, m.messageText])).toEqual([
      [ghost._id, 'hello from the leaver'],
      [friend.user._id, 'hello back'],
    ]);
    // Nobody can write to the placeholder, befriend it or find its profile.
    const toGhost = await f({
      method: 'POST',
      url: '/chats/send',
      payload: { messageSenderUsername: friend.user.userName, messageReceiverUsername: 'deleted', messageContent: 'anyone?' },
    });
    expect(toGhost.statusCode).toBe(404);
    expect((await f({ method: 'POST', url: '/users/follow/friend-request/send', payload: { targetUserId: ghost._id } })).statusCode).toBe(
      404,
    );
  });

  it('holds the user name for others but releases the email address', async () => {
    const u = await createUser(t.app);
    await as(t.app, u)({ method: 'DELETE', url: '/users/me', payload: { password: u.password } });
    const sameName = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        userName: u.user.userName.toUpperCase(),
        email: 'someone.else@example.test',
        password: 'long enough pw',
        fullName: 'Impostor',
      },
    });
    expect(sameName.statusCode).toBe(409);
    const available = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/get-username-available',
      payload: { sendUsername: u.user.userName },
    });
    expect(JSON.parse(available.body)).toMatchObject({ valid: false });
    const sameEmail = await createUser(t.app, { email: u.user.email });
    expect(sameEmail.user.email).toBe(u.user.email);
  });
});
