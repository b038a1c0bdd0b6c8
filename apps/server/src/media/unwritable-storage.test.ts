/**
 * A media folder that cannot take a file (here a file stands where the folder should be: tests run as
 * root, whom a read-only mode would not stop): an image post answers 503 with a plain message, not a
 * generic 500; posts without images still work; readiness and metrics say the storage is down.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { imageFile, sendPost } from '../modules/posts/testing';
import { createUser, pngImage } from '../../test/factories';

describe('a media folder that cannot be written', () => {
  const t = useTestApp('sqlite');

  it('answers an image post 503 with a plain message, and shows in /readyz and /metrics', async () => {
    const me = await createUser(t.app);
    const dir = t.config.mediaDir;
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    try {
      const res = await sendPost(t.app, me, 'with a photo', [imageFile(await pngImage(120, 80))]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      const body = res.json<{ success: boolean; error: string; message: string }>();
      expect(body).toMatchObject({ success: false, error: 'Service Unavailable' });
      expect(body.message).toMatch(/store uploaded files/);
      expect((await sendPost(t.app, me, 'words only')).statusCode).toBe(201);

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ checks: { database: 'up', storage: 'down' } });
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^plaza_dependency_up\{dependency="storage"\} 0$/m);
      expect(metrics).toMatch(/^plaza_errors_total\{cause="storage"\} 1$/m);
    } finally {
      rmSync(dir, { force: true });
      mkdirSync(dir, { recursive: true });
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ checks: { storage: 'up' } });
  });
});
