import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { postResponseSchema } from '@plaza/contract';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, pngImage } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { imageFile, sendPost } from '../modules/posts/testing';
import { newId } from '../lib/ids';
import { mediaSigner } from '../security/signed-media';

const BUCKET = 'plaza-media';

/**
 * STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver, in this process, on a free port): the
 * storage is independent of the database, so SQLite alone covers it.
 */
describe('media in S3-compatible object storage', () => {
  let server: S3rver;
  let s3Dir = '';
  const env: Record<string, string> = {};
  let s3: S3Client;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'plaza-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    Object.assign(env, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    });
    s3 = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  // Registered after the server's start, so the app is built with its port (and closed before it stops).
  const t = useTestApp('sqlite', env);
  afterAll(async () => {
    s3?.destroy();
    await server?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  });

  /** A story of `userId` whose video is the file at `url`, written straight to the table. */
  const storyOf = async (userId: string, url: string) => {
    const id = newId();
    const now = new Date();
    await t.app.ctx.db
      .insertInto('stories')
      .values({
        id,
        user_id: userId,
        media_url: url,
        media_type: 'video',
        poster_url: null,
        caption: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      })
      .execute();
    return id;
  };

  const inBucket = async (key: string) => {
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch {
      return null;
    }
  };

  it('stores a post image in the bucket, serves it at its /media URL with the caching headers, and deletes it with the post', async () => {
    const ada = await createUser(t.app);
    const res = await sendPost(t.app, ada, 'to the bucket', [imageFile(await pngImage(640, 480))]);
    expect(res.statusCode).toBe(201);
    const { post } = bodyOf(res, postResponseSchema);
    const [image] = post.media;
    expect(image.url).toMatch(/^\/media\/posts\/[0-9a-f]{32}\.webp$/);
    const keys = [image.url, image.thumbUrl].map((url) => t.app.ctx.storage.keyOf(url)!);
    // Nothing on this server's disk: another server can read it from the bucket.
    expect(existsSync(path.join(t.config.mediaDir, 'posts'))).toBe(false);
    const stored = await inBucket(keys[0]);
    expect(stored).not.toBeNull();
    expect((await sharp(stored!).metadata()).format).toBe('webp');

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored!)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: image.url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const part = await t.app.inject({ method: 'GET', url: image.url, headers: { range: 'bytes=0-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-11/${stored!.length}`);
    expect(part.rawPayload.equals(stored!.subarray(0, 12))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: image.url, headers: { range: `bytes=${stored!.length + 10}-` } })).statusCode).toBe(
      416,
    );

    expect((await as(t.app, ada)({ method: 'DELETE', url: `/posts/${post._id}` })).statusCode).toBeLessThan(300);
    for (const key of keys) {
      await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({ name: 'NotFound' });
    }
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });

  it('streams a video into the bucket and answers 404 for keys that are not there or not keys', async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(200_000, 7)]);
    const { key, url } = await t.app.ctx.storage.putStream(
      'stories',
      'mp4',
      Readable.from([video.subarray(0, 1000), video.subarray(1000)]),
    );
    expect((await inBucket(key))?.equals(video)).toBe(true);
    // Story media is private: only a URL signed for someone who may see its story serves it (security/signed-media.ts).
    const ada = await createUser(t.app);
    const storyId = await storyOf(ada.user._id, url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const served = await t.app.inject({
      method: 'GET',
      url: mediaSigner(t.config.jwtSecret).sign(url, { storyId, viewerId: ada.user._id, as: 'viewer' }),
    });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.rawPayload.length).toBe(video.length);
    await t.app.ctx.storage.remove(key);
    expect(await inBucket(key)).toBeNull();
    for (const missing of ['/media/posts/ffffffffffffffffffffffffffffffff.webp', '/media/..%2f..%2fetc%2fpasswd', '/media/posts/']) {
      expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    }
  });
});
