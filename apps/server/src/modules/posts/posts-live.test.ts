import type { NewPostEvent, PostCountsEvent } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { collect, connectAs, sleep } from '../chat/testing';
import { befriend, createPost } from './testing';

describe.each(dialects())('posts stay live on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });

  it("tells the post's author and their friends its new counts when someone reacts or comments, not the one who did, and no stranger", async () => {
    const [author, friend, reactor, stranger] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    await befriend(t.app, author, friend);
    await befriend(t.app, author, reactor);
    const postId = await createPost(t.app, author, 'Counts, live');
    const sockets = await Promise.all([author, friend, stranger, reactor].map((u) => connectAs(t.url, u)));
    // The reactor's app counts its own reaction and comment from the answers; a push could overtake them.
    const [toAuthor, toFriend, toStranger, toReactor] = sockets.map((s): PostCountsEvent[] => collect(s, 'postCounts'));
    try {
      expect(
        (await as(t.app, reactor)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType: 'heart' } })).statusCode,
      ).toBe(200);
      const commented = await as(
        t.app,
        reactor,
      )({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'Nice' } });
      expect(commented.statusCode).toBe(201);
      await expect.poll(() => toAuthor.length).toBe(2);
      await expect.poll(() => toFriend.length).toBe(2);
      expect(toAuthor[1]).toMatchObject({ postId, reactionCounts: { heart: 1, fire: 0 }, commentsCount: 1 });
      expect(toFriend[0]).toMatchObject({ postId, reactionCounts: { heart: 1 }, commentsCount: 0 });
      await sleep(200);
      expect(toStranger).toEqual([]);
      expect(toReactor).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it("tells the author's friends, and only them, that a new post reached their timeline", async () => {
    const [author, friend, stranger] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, author, friend);
    const sockets = await Promise.all([author, friend, stranger].map((u) => connectAs(t.url, u)));
    const [toAuthor, toFriend, toStranger] = sockets.map((s): NewPostEvent[] => collect(s, 'newPost'));
    try {
      const postId = await createPost(t.app, author, 'Fresh');
      await expect.poll(() => toFriend).toEqual([{ postId, authorId: author.user._id }]);
      await sleep(200);
      expect(toAuthor).toEqual([]);
      expect(toStranger).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it('tells nobody, rather than every socket, when the only one who would hear is the one who acted', async () => {
    const [loner, stranger] = [await createUser(t.app), await createUser(t.app)];
    const postId = await createPost(t.app, loner, 'Talking to myself');
    const sockets = await Promise.all([loner, stranger].map((u) => connectAs(t.url, u)));
    const [toLoner, toStranger] = sockets.map((s): PostCountsEvent[] => collect(s, 'postCounts'));
    try {
      const commented = await as(
        t.app,
        loner,
      )({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: 'Hm' } });
      expect(commented.statusCode).toBe(201);
      await sleep(300);
      expect(toLoner).toEqual([]);
      expect(toStranger).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
});
