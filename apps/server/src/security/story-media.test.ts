/**
 * Story media is private: the audit fetched a friends-only story's file with no session at all, and
 * found it cached as `public, immutable`; a later one kept a URL signed before a block and fetched the
 * file with it for the rest of its hour. Now the file is served only through a URL signed for one viewer
 * of one story, and only while that viewer may still see the story; avatars and post images stay public.
 */
import {
  adminReportsResponseSchema,
  createStoryResponseSchema,
  meResponseSchema,
  postResponseSchema,
  storiesResponseSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, multipart, pngImage, type TestUser } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { grant, report } from '../modules/moderation/testing';
import { act } from '../modules/safety/testing';
import { ageStory, befriend, createStory, postStory } from '../modules/stories/testing';
import { mediaSigner } from './signed-media';

describe.each(dialects())('story media on %s', (dialect) => {
  const t = useTestApp(dialect);
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** The media URL of `storyId` as the story list hands it to `viewer`. */
  const listedUrl = async (viewer: TestUser, storyId: string) => {
    const listed = bodyOf(await as(t.app, viewer)({ method: 'GET', url: '/users/u/stories/all' }), storiesResponseSchema);
    const story = listed.stories.find((s) => s._id === storyId);
    if (!story) throw new Error('the story is not listed for this viewer');
    return story.mediaUrl;
  };
  const friendsWithStory = async () => {
    const [author, friend] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, author, friend);
    const storyId = await createStory(t.app, author);
    const url = await listedUrl(friend, storyId);
    expect((await get(url)).statusCode).toBe(200);
    return { author, friend, storyId, url };
  };

  it('is served only through an unexpired signed URL, to the private cache', async () => {
    const author = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, author, friend);
    const created = bodyOf(await postStory(t.app, author), createStoryResponseSchema).story;
    const url = await listedUrl(friend, created._id);
    expect(created.mediaUrl).toMatch(/^\/media\/stories\/[0-9a-f]+\.\w+\?exp=\d+&story=[\w-]+&viewer=[\w-]+&sig=[\w-]+$/);
    const [bare, query] = url.split('?');
    const params = new URLSearchParams(query);
    expect(params.get('viewer')).toBe(friend.user._id);
    const exp = Number(params.get('exp'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(3600 * 1000);

    const ok = await get(url);
    expect(ok.statusCode).toBe(200);
    const cache = String(ok.headers['cache-control']);
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(Number(cache.split('=')[1])).toBeLessThanOrEqual(3600);

    // The attack as found: the bare path, with no session and no signature.
    expect((await get(bare)).statusCode).toBe(404);
    const with_ = (name: string, value: string) => {
      const p = new URLSearchParams(query);
      p.set(name, value);
      return `${bare}?${p.toString()}`;
    };
    // A signature for another expiry, another file, or garbled.
    expect((await get(with_('exp', String(exp + 1800)))).statusCode).toBe(404);
    expect((await get(`${bare.replace(/[0-9a-f](?=\.\w+$)/, (c) => (c === '0' ? '1' : '0'))}?${query}`)).statusCode).toBe(404);
    expect((await get(with_('sig', 'AAAA'))).statusCode).toBe(404);
    expect((await get(`${bare}?${query.replace(/&sig=[\w-]+$/, '&sig[]=x')}`)).statusCode).toBe(404);
    // An expired one, however genuine.
    const signer = mediaSigner(t.config.jwtSecret);
    const grantOf = { storyId: created._id, viewerId: friend.user._id, as: 'viewer' as const };
    expect((await get(signer.sign(bare, grantOf, Date.now() - 2 * 3600 * 1000))).statusCode).toBe(404);
    expect((await get(signer.sign(bare, grantOf))).statusCode).toBe(200);
  });

  it('is the viewer’s own: another viewer, another story or a moderator’s role named in it breaks the signature', async () => {
    const { storyId, url } = await friendsWithStory();
    const stranger = await createUser(t.app);
    const other = await createStory(t.app, stranger);
    const [bare, query] = url.split('?');
    const forged = (name: string, value: string) => {
      const p = new URLSearchParams(query);
      p.set(name, value);
      return `${bare}?${p.toString()}`;
    };
    expect((await get(forged('viewer', stranger.user._id))).statusCode).toBe(404);
    expect((await get(forged('story', other))).statusCode).toBe(404);
    expect((await get(forged('as', 'moderator'))).statusCode).toBe(404);
    // Genuinely signed, but for a stranger (as a leaked signing key would allow): the stranger may not see the story.
    const signer = mediaSigner(t.config.jwtSecret);
    expect((await get(signer.sign(bare, { storyId, viewerId: stranger.user._id, as: 'viewer' }))).statusCode).toBe(404);
    // Signed for the stranger's own story, but naming this file: not that story's file.
    expect((await get(signer.sign(bare, { storyId: other, viewerId: stranger.user._id, as: 'viewer' }))).statusCode).toBe(404);
  });

  it('stops at once when the author blocks the viewer, though the URL was signed before', async () => {
    const { author, friend, url } = await friendsWithStory();
    await act(t.app, author, 'block', friend);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('stops at once when the viewer blocks the author', async () => {
    const { author, friend, url } = await friendsWithStory();
    await act(t.app, friend, 'block', author);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('stops when the friendship ends, the story ends, the viewer is suspended or the author deletes it', async () => {
    const ended = await friendsWithStory();
    const unfriend = {
      method: 'POST' as const,
      url: '/users/follow/friend-request/friend/remove',
      payload: { targetUserId: ended.friend.user._id },
    };
    expect((await as(t.app, ended.author)(unfriend)).statusCode).toBe(200);
    expect((await get(ended.url)).statusCode).toBe(404);

    const expired = await friendsWithStory();
    // Past its end but not yet swept: the file is still there, the story no longer shows.
    await ageStory(t.app, expired.storyId, 25);
    expect((await get(expired.url)).statusCode).toBe(404);

    const suspended = await friendsWithStory();
    const forAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ suspended_until: forAWeek }).where('id', '=', suspended.friend.user._id).execute();
    expect((await get(suspended.url)).statusCode).toBe(404);

    const deleted = await friendsWithStory();
    const ownUrl = await listedUrl(deleted.author, deleted.storyId);
    expect((await get(ownUrl)).statusCode).toBe(200);
    expect((await as(t.app, deleted.author)({ method: 'DELETE', url: `/users/u/stories/s/${deleted.storyId}` })).statusCode).toBe(200);
    expect((await get(deleted.url)).statusCode).toBe(404);
    expect((await get(ownUrl)).statusCode).toBe(404);
  });

  it('serves a reported story to the moderator it was signed for, while they hold the role', async () => {
    const { author, friend, storyId } = await friendsWithStory();
    const mod = await createUser(t.app);
    await grant(t.app, mod);
    await report(t.app, friend, { targetType: 'story', targetId: storyId, reason: 'nudity' });
    const res = await as(t.app, mod)({ method: 'GET', url: '/admin/reports?status=open&limit=50' });
    const target = bodyOf(res, adminReportsResponseSchema).data.find((r) => r.targetId === storyId)?.target;
    const url = target?.media[0]?.url ?? '';
    expect(url).toContain('as=moderator');
    expect((await get(url)).statusCode).toBe(200);
    await grant(t.app, author);
    await grant(t.app, mod, 'member');
    expect((await get(url)).statusCode).toBe(404);
  });

  it('leaves avatars and post images public and immutable', async () => {
    const u = await createUser(t.app);
    const png = await pngImage(64, 64);
    const avatar = bodyOf(
      await as(
        t.app,
        u,
      )({
        method: 'POST',
        url: '/users/me/avatar',
        ...multipart({}, [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', data: png }]),
      }),
      meResponseSchema,
    ).user.userImage;
    const post = bodyOf(
      await as(
        t.app,
        u,
      )({
        method: 'POST',
        url: '/posts',
        ...multipart({ content: 'hi' }, [{ field: 'images', filename: 'p.png', contentType: 'image/png', data: png }]),
      }),
      postResponseSchema,
    ).post;
    for (const url of [avatar!, post.media[0].url]) {
      expect(url).not.toContain('?');
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
