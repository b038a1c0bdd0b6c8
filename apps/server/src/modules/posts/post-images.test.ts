import { postResponseSchema } from '@plaza/contract';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { as, createUser, pngImage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { backfillPostImages } from './image-backfill';
import { imageFile, sendPost } from './testing';

describe.each(dialects())('responsive post images on %s', (dialect) => {
  const t = useTestApp(dialect);
  const fileOf = (url: string) => t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(url)!);
  const widthOf = async (url: string) => (await sharp(fileOf(url)).metadata()).width;

  it('stores 320, 640 and 1080 px WebP sizes narrower than the image, the image capped at 2048 px, and a placeholder', async () => {
    const ada = await createUser(t.app);
    const res = await sendPost(t.app, ada, 'wide and small', [imageFile(await pngImage(3000, 1500)), imageFile(await pngImage(500, 400))]);
    expect(res.statusCode).toBe(201);
    const [wide, small] = bodyOf(res, postResponseSchema).post.media;
    expect(wide).toMatchObject({ width: 2048, height: 1024 });
    expect(await widthOf(wide.url)).toBe(2048);
    expect(wide.variants?.map((v) => v.width)).toEqual([320, 640, 1080]);
    for (const v of wide.variants ?? []) {
      const meta = await sharp(fileOf(v.url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', v.width, v.width / 2]);
    }
    // A placeholder in the image's own proportions.
    expect(thumbHashToApproximateAspectRatio(Buffer.from(wide.placeholder!, 'base64'))).toBeCloseTo(2, 0);
    expect(small).toMatchObject({ width: 500, height: 400 });
    expect(small.variants?.map((v) => v.width)).toEqual([320]);
    expect(small.placeholder).toMatch(/^[A-Za-z0-9+/=]{10,64}$/);
  });

  it('removes every size with the post', async () => {
    const ada = await createUser(t.app);
    const post = bodyOf(await sendPost(t.app, ada, 'bye', [imageFile(await pngImage(1200, 900))]), postResponseSchema).post;
    const files = [post.media[0].url, post.media[0].thumbUrl, ...(post.media[0].variants ?? []).map((v) => v.url)].map(fileOf);
    expect(files).toHaveLength(5);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/posts/${post._id}` })).statusCode).toBe(200);
    expect(files.filter((f) => existsSync(f))).toEqual([]);
  });

  it('the backfill gives images stored before responsive sizes their sizes and placeholder, once', async () => {
    const ada = await createUser(t.app);
    const post = bodyOf(await sendPost(t.app, ada, 'old', [imageFile(await pngImage(1600, 1200))]), postResponseSchema).post;
    // As a post stored before this change: the image and its thumbnail only.
    const { variants, placeholder: _placeholder, ...old } = post.media[0];
    for (const v of variants ?? []) await t.app.ctx.storage.remove(t.app.ctx.storage.keyOf(v.url)!);
    const oldMedia = JSON.stringify([{ url: old.url, thumb_url: old.thumbUrl, width: old.width, height: old.height }]);
    await t.app.ctx.db.updateTable('posts').set({ media: oldMedia }).where('id', '=', post._id).execute();

    const read = async () => bodyOf(await as(t.app, ada)({ method: 'GET', url: `/posts/${post._id}` }), postResponseSchema).post.media[0];
    // Old rows still answer in the contract's shape, without the new fields.
    expect(await read()).toEqual({ ...old, type: 'image' });

    const report = await backfillPostImages(t.app.ctx);
    expect(report).toMatchObject({ images: 1, failed: 0 });
    const image = await read();
    expect(image.url).toBe(old.url);
    expect(image.variants?.map((v) => v.width)).toEqual([320, 640, 1080]);
    for (const v of image.variants ?? []) expect(await widthOf(v.url)).toBe(v.width);
    expect(image.placeholder).toBeTruthy();

    const again = await backfillPostImages(t.app.ctx);
    expect(again).toEqual({ posts: 0, images: 0, failed: 0 });
  });
});
