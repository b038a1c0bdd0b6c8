import {
  chatHistoryResponseSchema,
  commentResponseSchema,
  commentsResponseSchema,
  feedResponseSchema,
  groupHistoryResponseSchema,
  groupMessageResponseSchema,
  linkPreviewResponseSchema,
  messageSchema,
  postResponseSchema,
  type LinkPreview,
  type LinkPreviewEvent,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, multipart, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { adminWithFriends, collect, connectAs, createGroup, sleep } from '../chat/testing';
import { act } from '../safety/testing';
import { befriend } from '../posts/testing';
import { startFixtureSite, type FixtureSite } from './testing';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

const storedImages = (mediaDir: string) => {
  const folder = path.join(mediaDir, 'link-previews');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

const ask = (app: FastifyInstance, who: TestUser, url: string) =>
  as(app, who)({ method: 'GET', url: `/link-preview?url=${encodeURIComponent(url)}` });

async function cardOf(app: FastifyInstance, who: TestUser, url: string): Promise<LinkPreview | null> {
  const res = await ask(app, who, url);
  expect(res.statusCode).toBe(200);
  return bodyOf(res, linkPreviewResponseSchema).linkPreview;
}

async function post(app: FastifyInstance, who: TestUser, content: string, fields: Record<string, string> = {}) {
  const res = await as(app, who)({ method: 'POST', url: '/posts', ...multipart({ content, ...fields }, []) });
  expect(res.statusCode).toBe(201);
  return bodyOf(res, postResponseSchema).post;
}

const readPost = async (app: FastifyInstance, who: TestUser, postId: string) => as(app, who)({ method: 'GET', url: `/posts/${postId}` });

async function settledCard(app: FastifyInstance, who: TestUser, postId: string): Promise<LinkPreview | null> {
  await expect
    .poll(async () => bodyOf(await readPost(app, who, postId), postResponseSchema).post.linkPreview, { timeout: 8000 })
    .not.toBeNull();
  return bodyOf(await readPost(app, who, postId), postResponseSchema).post.linkPreview;
}

describe.each(dialects())('link previews on %s', (dialect) => {
  const t = useTestApp(dialect, { ALLOW_PRIVATE_ADDRESSES: 'true', LINK_PREVIEW_TIMEOUT_MS: '1000' }, { listen: true });

  it('makes a card from the OpenGraph tags, with the image re-encoded and stored by Plaza', async () => {
    const me = await createUser(t.app);
    const card = await cardOf(t.app, me, `${site.origin}/article?n=1`);
    expect(card).toMatchObject({
      url: `${site.origin}/article?n=1`,
      title: 'A day at the lake 1',
      description: 'Swimming & sun',
      siteName: 'Lake News',
    });
    expect(card!.image).toMatch(/^\/media\/link-previews\/.+\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: card!.image! });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 320 });
  });

  it('reads a link once: the card, and a failed read, are answered from the cache', async () => {
    const me = await createUser(t.app);
    const url = `${site.origin}/article?n=cached`;
    const before = site.hits.get('/article') ?? 0;
    await cardOf(t.app, me, url);
    // The same page written another way (a fragment, a tracking parameter) is the same card.
    expect(await cardOf(t.app, me, `${url}&utm_source=mail#top`)).toMatchObject({ title: 'A day at the lake cached' });
    expect(site.hits.get('/article')! - before).toBe(1);
    const missing = site.hits.get('/missing') ?? 0;
    expect(await cardOf(t.app, me, `${site.origin}/missing`)).toBeNull();
    expect(await cardOf(t.app, me, `${site.origin}/missing`)).toBeNull();
    expect(site.hits.get('/missing')! - missing).toBe(1);
  });

  it('refuses an SVG or an HTML page given as the image, and makes the card without one', async () => {
    const me = await createUser(t.app);
    const hits = ['/image.svg', '/fake.jpg'].map((p) => site.hits.get(p) ?? 0);
    const files = storedImages(t.config.mediaDir);
    expect(await cardOf(t.app, me, `${site.origin}/svg-image`)).toMatchObject({ title: 'Vector art', image: null });
    expect(await cardOf(t.app, me, `${site.origin}/html-image`)).toMatchObject({ title: 'Page as picture', image: null });
    // Both were fetched and looked at, and nothing was stored.
    expect(['/image.svg', '/fake.jpg'].map((p, i) => site.hits.get(p)! - hits[i])).toEqual([1, 1]);
    expect(storedImages(t.config.mediaDir)).toEqual(files);
  });

  it('makes a card from the first megabyte of a 50 MB page, and none from a page slower than the deadline', async () => {
    const me = await createUser(t.app);
    expect(await cardOf(t.app, me, `${site.origin}/huge`)).toMatchObject({ title: 'Fifty megabytes' });
    const started = Date.now();
    expect(await cardOf(t.app, me, `${site.origin}/slow`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('validates the composer request and needs a session', async () => {
    const me = await createUser(t.app);
    expect((await ask(t.app, me, 'javascript:alert(1)')).statusCode).toBe(400);
    expect((await ask(t.app, me, 'ftp://example.org/x')).statusCode).toBe(400);
    expect((await ask(t.app, me, `http://x/${'a'.repeat(2100)}`)).statusCode).toBe(400);
    expect((await as(t.app, me)({ method: 'GET', url: '/link-preview' })).statusCode).toBe(400);
    expect((await as(t.app, null)({ method: 'GET', url: `/link-preview?url=${encodeURIComponent(site.origin)}` })).statusCode).toBe(401);
  });

  it("fills a post's card after it is stored, tells its author and friends live, and never someone it is hidden from", async () => {
    const [author, friend, blocked] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, author, friend);
    await befriend(t.app, author, blocked);
    await act(t.app, author, 'block', blocked);
    const sockets = await Promise.all([author, friend, blocked].map((u) => connectAs(t.url, u)));
    const [toAuthor, toFriend, toBlocked] = sockets.map((s): LinkPreviewEvent[] => collect(s, 'linkPreview'));
    try {
      const created = await post(t.app, author, `Look at this: ${site.origin}/article?n=post.`);
      // The answer does not wait for the page.
      expect(created.linkPreview).toBeNull();
      const card = await settledCard(t.app, author, created._id);
      expect(card).toMatchObject({ url: `${site.origin}/article?n=post`, title: 'A day at the lake post' });
      await expect.poll(() => toFriend.length).toBe(1);
      expect(toFriend[0]).toEqual({ targetType: 'post', targetId: created._id, linkPreview: card });
      expect(toAuthor).toHaveLength(1);
      // The home feed shows the card too.
      const feed = await as(t.app, friend)({ method: 'GET', url: `/posts/${friend.user.userName}/feeds` });
      expect(bodyOf(feed, feedResponseSchema).data.feeds[0]).toMatchObject({ _id: created._id, linkPreview: card });
      await sleep(200);
      expect(toBlocked).toEqual([]);
      expect((await readPost(t.app, blocked, created._id)).statusCode).toBe(404);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it("keeps a post's card through an edit of its text, and makes a new one when the edit changes its first link", async () => {
    const author = await createUser(t.app);
    const created = await post(t.app, author, `Before ${site.origin}/article?n=edit-a`);
    expect(await settledCard(t.app, author, created._id)).toMatchObject({ title: 'A day at the lake edit-a' });
    const edit = (content: string) => as(t.app, author)({ method: 'PATCH', url: `/posts/${created._id}`, payload: { content } });
    const same = bodyOf(await edit(`Still ${site.origin}/article?n=edit-a`), postResponseSchema).post;
    expect(same.linkPreview).toMatchObject({ title: 'A day at the lake edit-a' });
    const moved = bodyOf(await edit(`Now ${site.origin}/article?n=edit-b`), postResponseSchema).post;
    expect(moved.linkPreview).toBeNull();
    expect(await settledCard(t.app, author, created._id)).toMatchObject({ title: 'A day at the lake edit-b' });
  });

  it('makes no card when the author removed it in the composer', async () => {
    const author = await createUser(t.app);
    const before = site.hits.get('/article') ?? 0;
    const created = await post(t.app, author, `No card please ${site.origin}/article?n=removed`, { noPreview: 'true' });
    await sleep(500);
    await t.app.ctx.events.settled();
    expect(bodyOf(await readPost(t.app, author, created._id), postResponseSchema).post.linkPreview).toBeNull();
    expect(site.hits.get('/article') ?? 0).toBe(before);
  });

  it("gives a comment and a chat message their link's card, told to the people of the conversation", async () => {
    const [a, b, outsider] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, a, b);
    const sockets = await Promise.all([a, b, outsider].map((u) => connectAs(t.url, u)));
    const [toA, toB, toOutsider] = sockets.map((s): LinkPreviewEvent[] => collect(s, 'linkPreview'));
    try {
      const host = await post(t.app, a, 'A post to comment on');
      const commented = await as(
        t.app,
        b,
      )({
        method: 'POST',
        url: `/comments/posts/${host._id}/comments`,
        payload: { commentContent: `See ${site.origin}/article?n=comment` },
      });
      const comment = bodyOf(commented, commentResponseSchema).comment;
      expect(comment.linkPreview).toBeNull();
      await expect.poll(() => toA.some((e) => e.targetType === 'comment' && e.targetId === comment._id), { timeout: 8000 }).toBe(true);
      const listed = await as(t.app, a)({ method: 'GET', url: `/comments/posts/${host._id}/comments` });
      expect(bodyOf(listed, commentsResponseSchema).comments[0].linkPreview).toMatchObject({ title: 'A day at the lake comment' });

      const sent = await sendChatMessage(t.app, a, b, `${site.origin}/article?n=chat`);
      const message = bodyOf(sent, messageSchema);
      await expect.poll(() => toB.some((e) => e.targetType === 'message' && e.targetId === message._id), { timeout: 8000 }).toBe(true);
      expect(toA.some((e) => e.targetId === message._id)).toBe(true);
      const history = await as(t.app, b)({ method: 'GET', url: `/chats/${b.user._id}/${a.user._id}` });
      expect(bodyOf(history, chatHistoryResponseSchema).at(-1)?.linkPreview).toMatchObject({ title: 'A day at the lake chat' });
      // Someone outside the conversation reads neither the message nor its card.
      expect((await as(t.app, outsider)({ method: 'GET', url: `/chats/${a.user._id}/${b.user._id}` })).statusCode).toBe(403);
      await sleep(200);
      expect(toOutsider).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it("gives a group message its link's card, told to every member it reaches and nobody else", async () => {
    const { admin, friends } = await adminWithFriends(t.app, 3);
    const [member, blocker, leaver] = friends;
    const group = await createGroup(t.app, admin, friends);
    const outsider = await createUser(t.app);
    expect((await as(t.app, blocker)({ method: 'POST', url: `/users/${member.user._id}/block` })).statusCode).toBeLessThan(300);
    expect((await as(t.app, leaver)({ method: 'DELETE', url: `/chats/groups/${group._id}/members/${leaver.user._id}` })).statusCode).toBe(
      200,
    );
    const people = [admin, member, blocker, leaver, outsider];
    const sockets = await Promise.all(people.map((u) => connectAs(t.url, u)));
    const [toAdmin, toMember, toBlocker, toLeaver, toOutsider] = sockets.map((s): LinkPreviewEvent[] => collect(s, 'linkPreview'));
    try {
      const sent = await as(
        t.app,
        member,
      )({ method: 'POST', url: `/chats/groups/${group._id}/messages`, payload: { messageText: `Look ${site.origin}/article?n=group` } });
      const message = bodyOf(sent, groupMessageResponseSchema).message;
      expect(message.linkPreview).toBeNull();
      await expect.poll(() => toAdmin.some((e) => e.targetType === 'message' && e.targetId === message._id), { timeout: 8000 }).toBe(true);
      expect(toMember.some((e) => e.targetId === message._id)).toBe(true);
      const history = await as(t.app, admin)({ method: 'GET', url: `/chats/groups/${group._id}/messages` });
      expect(bodyOf(history, groupHistoryResponseSchema).data.at(-1)?.linkPreview).toMatchObject({ title: 'A day at the lake group' });

      // The author removed the card in the composer: none is made.
      const plain = await as(
        t.app,
        admin,
      )({
        method: 'POST',
        url: `/chats/groups/${group._id}/messages`,
        payload: { messageText: `${site.origin}/article?n=group-none`, noPreview: true },
      });
      await sleep(300);
      await t.app.ctx.events.settled();
      const none = bodyOf(plain, groupMessageResponseSchema).message;
      expect(toAdmin.some((e) => e.targetId === none._id)).toBe(false);
      // Someone on the other side of a block with the sender, someone gone and a stranger hear nothing.
      expect([...toBlocker, ...toLeaver, ...toOutsider]).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
});

describe('link previews without ALLOW_PRIVATE_ADDRESSES', () => {
  const t = useTestApp('sqlite');

  it('refuses a loopback page before connecting: no card, and the site never asked', async () => {
    const me = await createUser(t.app);
    const before = site.hits.get('/article') ?? 0;
    expect(await cardOf(t.app, me, `${site.origin}/article?n=strict`)).toBeNull();
    const created = await post(t.app, me, `${site.origin}/article?n=strict-post`);
    await sleep(300);
    await t.app.ctx.events.settled();
    expect(bodyOf(await readPost(t.app, me, created._id), postResponseSchema).post.linkPreview).toBeNull();
    expect(site.hits.get('/article') ?? 0).toBe(before);
  });
});
