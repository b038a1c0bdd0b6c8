import { createStoryResponseSchema } from '@plaza/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createUser, multipart, pngImage, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { bodyOf, errorOf } from '../../test/replies';
import { postStory } from '../modules/stories/testing';
import { MAX_FRAMES } from './image-limits';
import { ImageQueue } from './image-queue';

/**
 * A GIF written by hand: a `width` × `height` canvas and `frames` frames of one pixel each. Tiny on disk,
 * yet a decoder paints the whole canvas for every frame: the "4 KB animated GIF" of the audit.
 */
function gif(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [
    ...Buffer.from('GIF89a'),
    ...u16(width),
    ...u16(height),
    0x90, // a global colour table of two entries follows
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    ...[0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0], // loop forever
  ];
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 4, 0x04, ...u16(10), 0, 0); // 100 ms, keep the canvas
    bytes.push(0x2c, ...u16(0), ...u16(0), ...u16(1), ...u16(1), 0); // a 1 × 1 frame at the corner
    bytes.push(2, 2, i % 2 ? 0x4c : 0x44, 0x01, 0); // LZW: clear, colour i % 2, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

/** Runs `send` and reports what it cost this process: wall time and CPU (every thread, libvips' included). */
async function cost<T>(send: () => Promise<T>): Promise<{ result: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await send();
  const used = process.cpuUsage(cpu);
  return { result, wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

const avatarBody = (data: Buffer) => multipart({}, [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', data }]);
const postBody = (data: Buffer, type = 'image/png') =>
  multipart({ content: 'look' }, [{ field: 'images', filename: 'p', contentType: type, data }]);

describe('decompression bombs are refused from the header', () => {
  const t = useTestApp('sqlite');
  let u: TestUser;
  /** 7000 × 7000 (49 megapixels) of one colour: a few KB of PNG, seconds of CPU to decode. */
  let pixelFlood: Buffer;

  beforeAll(async () => {
    u = await createUser(t.app);
    pixelFlood = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#c05080' } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
  }, 30_000);

  it('a 7000 × 7000 PNG is 413 on avatar, post and story, in a few milliseconds of CPU', async () => {
    expect(pixelFlood.length).toBeLessThan(64 * 1024);
    const api = as(t.app, u);
    const sends = {
      avatar: () => api({ method: 'POST', url: '/users/me/avatar', ...avatarBody(pixelFlood) }),
      post: () => api({ method: 'POST', url: '/posts', ...postBody(pixelFlood) }),
      story: () => postStory(t.app, u, { data: pixelFlood }),
    };
    for (const [where, send] of Object.entries(sends)) {
      const { result: res, wallMs, cpuMs } = await cost(send);
      expect(res.statusCode, where).toBe(413);
      expect(errorOf(res)).toMatchObject({ success: false, error: 'Payload Too Large' });
      expect(errorOf(res).message).toMatch(/7000 × 7000/);
      // Decoding it costs over 2 s of CPU; reading the header costs almost nothing.
      expect(cpuMs, where).toBeLessThan(300);
      expect(wallMs, where).toBeLessThan(1000);
    }
  });

  it('four GIF bombs in parallel as stories are all 413, cheaply', async () => {
    // 1000 × 1000 × 49 frames: 49 megapixels over its frames, just under the old 50 MP limit, in about 1 KB.
    const bomb = gif(1000, 1000, 49);
    expect(bomb.length).toBeLessThan(4096);
    const { result, cpuMs, wallMs } = await cost(() =>
      Promise.all([1, 2, 3, 4].map(() => postStory(t.app, u, { data: bomb, contentType: 'image/gif' }))),
    );
    for (const res of result) {
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).message).toMatch(/megapixels over all its frames/);
    }
    expect(cpuMs).toBeLessThan(400);
    expect(wallMs).toBeLessThan(1500);
  });

  it('a GIF story with too many frames is 413, even with small frames', async () => {
    const res = await postStory(t.app, u, { data: gif(64, 64, MAX_FRAMES + 50), contentType: 'image/gif' });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toMatch(new RegExp(`${MAX_FRAMES + 50} frames; at most ${MAX_FRAMES}`));
  });

  it('ordinary images still work: an animated GIF story stays animated, photos everywhere', async () => {
    const animated = await postStory(t.app, u, { data: gif(64, 64, 5), contentType: 'image/gif' });
    expect(animated.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: bodyOf(animated, createStoryResponseSchema).story.mediaUrl });
    expect((await sharp(served.rawPayload).metadata()).pages).toBe(5);

    const photo = await pngImage(1200, 800);
    expect((await postStory(t.app, u, { data: photo })).statusCode).toBe(201);
    const api = as(t.app, u);
    expect((await api({ method: 'POST', url: '/posts', ...postBody(photo) })).statusCode).toBe(201);
    expect((await api({ method: 'POST', url: '/users/me/avatar', ...avatarBody(photo) })).statusCode).toBe(200);
    // A post keeps a GIF's first frame only, so a long GIF is no bomb there.
    expect((await api({ method: 'POST', url: '/posts', ...postBody(gif(64, 64, MAX_FRAMES + 50), 'image/gif') })).statusCode).toBe(201);
  });
});

describe('image queue', () => {
  const tick = () => new Promise((r) => setImmediate(r));

  it('runs at most `running` jobs, queues up to `waiting`, and refuses the rest with 503 and Retry-After', async () => {
    const queue = new ImageQueue({ running: 2, waiting: 1 });
    const first = await queue.acquire();
    const second = await queue.acquire();
    let thirdStarted = false;
    const third = queue.acquire().then((release) => {
      thirdStarted = true;
      return release;
    });
    await tick();
    expect(thirdStarted).toBe(false);
    await expect(queue.acquire()).rejects.toMatchObject({ statusCode: 503, extra: { retryAfter: 5 } });

    first();
    first(); // a second release of the same slot changes nothing
    const releaseThird = await third;
    expect(thirdStarted).toBe(true);
    // Two slots are busy again (second and third), so a new job waits.
    let fourthStarted = false;
    const fourth = queue.acquire().then((release) => {
      fourthStarted = true;
      return release;
    });
    await tick();
    expect(fourthStarted).toBe(false);
    second();
    (await fourth)();
    releaseThird();
    // Everything released: two jobs start at once.
    (await queue.acquire())();
  });
});
