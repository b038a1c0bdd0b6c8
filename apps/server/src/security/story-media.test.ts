/**
 * Story media is private: the audit fetched a friends-only story's file with no session at all, and
 * found it cached as `public, immutable`. Now the file is served only through the signed, expiring URL
 * the story list hands to those who may see it; avatars and post images stay public.
 */
import { createStoryResponseSchema, postResponseSchema, meResponseSchema, storiesResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, multipart, pngImage } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { befriend, postStory } from '../modules/stories/testing';
import { mediaSigner } from './signed-media';

describe('story media', () => {
  const t = useTestApp('sqlite');
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('is served only through an unexpired signed URL, to the private cache', async () => {
    const author = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, author, friend);
    const created = bodyOf(await postStory(t.app, author), createStoryResponseSchema).story;
    const listed = bodyOf(await as(t.app, friend)({ method: 'GET', url: '/users/u/stories/all' }), storiesResponseSchema);
    const url = listed.stories.find((s) => s._id === created._id)!.mediaUrl;
    expect(created.mediaUrl).toMatch(/^\/media\/stories\/[0-9a-f]+\.\w+\?exp=\d+&sig=[\w-]+$/);
    const [bare, query] = url.split('?');
    const exp = Number(new URLSearchParams(query).get('exp'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(3600 * 1000);

    const ok = await get(url);
    expect(ok.statusCode).toBe(200);
    const cache = String(ok.headers['cache-control']);
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(Number(cache.split('=')[1])).toBeLessThanOrEqual(3600);

    // The attack as found: the bare path, with no session and no signature.
    expect((await get(bare)).statusCode).toBe(404);
    const sig = new URLSearchParams(query).get('sig')!;
    // A signature for another expiry, another file, or garbled.
    expect((await get(`${bare}?exp=${exp + 1800}&sig=${sig}`)).statusCode).toBe(404);
    expect((await get(`${bare.replace(/[0-9a-f](?=\.\w+$)/, (c) => (c === '0' ? '1' : '0'))}?${query}`)).statusCode).toBe(404);
    expect((await get(`${bare}?exp=${exp}&sig=AAAA`)).statusCode).toBe(404);
    expect((await get(`${bare}?exp=${exp}&sig[]=x`)).statusCode).toBe(404);
    // An expired one, however genuine.
    const signer = mediaSigner(t.config.jwtSecret);
    expect((await get(signer.sign(bare, Date.now() - 2 * 3600 * 1000))).statusCode).toBe(404);
    expect((await get(signer.sign(bare))).statusCode).toBe(200);
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
