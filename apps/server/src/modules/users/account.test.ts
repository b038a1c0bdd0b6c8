import { loginResponseSchema, meResponseSchema, usernameAvailableResponseSchema } from '@plaza/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { as, createUser, multipart, pngImage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';

describe.each(dialects())('own account on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('reports user-name availability case-insensitively, without a session', async () => {
    const u = await createUser(t.app);
    const send = (sendUsername: string) =>
      as(t.app, null)({ method: 'POST', url: '/users/get-username-available', payload: { sendUsername } });
    const ask = async (sendUsername: string) => bodyOf(await send(sendUsername), usernameAvailableResponseSchema);
    expect(await ask(u.user.userName.toUpperCase())).toEqual({ success: true, valid: false });
    expect(await ask('free_name_123')).toEqual({ success: true, valid: true });
    expect(await ask('no spaces allowed')).toEqual({ success: true, valid: false });
    expect((await send('')).statusCode).toBe(400);
  });

  it('updates full name, bio and user name; a taken user name is 409', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const res = await as(t.app, a)({ method: 'PATCH', url: '/users/me', payload: { fullName: 'New Name', userBio: 'Hello there' } });
    expect(bodyOf(res, meResponseSchema).user).toMatchObject({ fullName: 'New Name', userBio: 'Hello there' });
    const taken = await as(t.app, a)({ method: 'PATCH', url: '/users/me', payload: { userName: b.user.userName } });
    expect(taken.statusCode).toBe(409);
    const empty = await as(t.app, a)({ method: 'PATCH', url: '/users/me', payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the language a person reads Plaza in: chosen at sign-up, changed in settings, English by default', async () => {
    const plain = await createUser(t.app);
    expect(plain.user.language).toBe('en');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        userName: 'lengua_ar',
        email: 'lengua_ar@example.test',
        password: 'a long password 123',
        fullName: 'Lengua Ar',
        language: 'ar',
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json<{ user: { language: string } }>().user.language).toBe('ar');

    const changed = await as(t.app, plain)({ method: 'PATCH', url: '/users/me', payload: { language: 'es' } });
    expect(bodyOf(changed, meResponseSchema).user.language).toBe('es');
    const me = await as(t.app, plain)({ method: 'GET', url: '/users/me' });
    expect(bodyOf(me, meResponseSchema).user.language).toBe('es');
    // A language Plaza is not written in is refused, and nothing changes.
    const unknown = await as(t.app, plain)({ method: 'PATCH', url: '/users/me', payload: { language: 'xx' } });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details?.[0]?.path).toBe('language');
    expect(bodyOf(await as(t.app, plain)({ method: 'GET', url: '/users/me' }), meResponseSchema).user.language).toBe('es');
  });

  it('stores an avatar re-encoded as a 512 px WebP without EXIF, served under /media', async () => {
    const u = await createUser(t.app);
    const withExif = await sharp(await pngImage(900, 600))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const body = multipart({}, [{ field: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: withExif }]);
    const res = await as(t.app, u)({ method: 'POST', url: '/users/me/avatar', ...body });
    expect(res.statusCode).toBe(200);
    const url = bodyOf(res, meResponseSchema).user.userImage ?? '';
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 512, undefined]);
  });

  it('refuses non-image bytes named .png with 415, and more than 5 MB with 413', async () => {
    const u = await createUser(t.app);
    const fake = multipart({}, [
      { field: 'avatar', filename: 'evil.png', contentType: 'image/png', data: Buffer.from('MZ\x90\x00 this is an executable') },
    ]);
    const r415 = await as(t.app, u)({ method: 'POST', url: '/users/me/avatar', ...fake });
    expect(r415.statusCode).toBe(415);
    const big = multipart({}, [
      { field: 'avatar', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    ]);
    const r413 = await as(t.app, u)({ method: 'POST', url: '/users/me/avatar', ...big });
    expect(r413.statusCode).toBe(413);
    expect(errorOf(r413).success).toBe(false);
    const me = await as(t.app, u)({ method: 'GET', url: '/users/me' });
    expect(bodyOf(me, meResponseSchema).user.userImage).toBeNull();
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const u = await createUser(t.app);
    const other = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier: u.user.email, password: u.password } }),
      loginResponseSchema,
    );
    const wrong = await as(
      t.app,
      u,
    )({ method: 'POST', url: '/users/me/password', payload: { currentPassword: 'not it at all', newPassword: 'brand new secret' } });
    expect(wrong.statusCode).toBe(400);
    const ok = await as(
      t.app,
      u,
    )({ method: 'POST', url: '/users/me/password', payload: { currentPassword: u.password, newPassword: 'brand new secret' } });
    expect(ok.statusCode).toBe(200);
    expect((await as(t.app, other)({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    expect((await as(t.app, u)({ method: 'GET', url: '/users/me' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: u.user.email, password: 'brand new secret' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('service endpoints', () => {
  const t = useTestApp('sqlite');
  it('answers /healthz, /readyz, the OpenAPI document and unknown API routes with the envelope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Service and document replies are not API operations, so the contract does not hold their schemas.
    const ready = bodyOf(await t.app.inject({ method: 'GET', url: '/readyz' }), z.looseObject({ status: z.string() }));
    expect(ready).toMatchObject({ status: 'ok', checks: { database: 'up', redis: 'absent' } });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(bodyOf(doc, z.looseObject({ paths: z.record(z.string(), z.unknown()) })).paths).toHaveProperty('/api/v1/auth/signup');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ success: false, error: 'Not Found' });
  });
  it('sends a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
