/**
 * Error answers are written in the reader's language: a signed-in person's saved language, else the best of
 * `Accept-Language` Plaza is written in, else English. Their `error`, status and field details never change.
 */
import { INVALID_CREDENTIALS, REFRESH_ERRORS } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, sendChatMessage, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { errorOf } from '../../test/replies';
import { acceptedLanguage } from '../texts';
import { en } from '../texts/en';

describe('acceptedLanguage', () => {
  it('picks the best-weighted language Plaza is written in, by its base, else English', () => {
    expect(acceptedLanguage(undefined)).toBe('en');
    expect(acceptedLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(acceptedLanguage('fr-FR, de;q=0.9, ar;q=0.5, es;q=0.4')).toBe('ar');
    expect(acceptedLanguage('en;q=0.2, ES;q=0.7')).toBe('es');
    expect(acceptedLanguage('es;q=0, fr, *')).toBe('en');
    expect(acceptedLanguage('ar, es')).toBe('ar');
  });

  it('keeps the English of the texts clients match on', () => {
    expect(en['error.auth.invalidCredentials']).toBe(INVALID_CREDENTIALS);
    expect(en['error.auth.refreshExpired']).toBe(REFRESH_ERRORS.expired);
    expect(en['error.auth.refreshInvalid']).toBe(REFRESH_ERRORS.invalid);
  });
});

describe('error answers in the reader’s language', () => {
  const t = useTestApp('sqlite', { AUTH_RATE_LIMIT: '3' });
  const spanish = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };
  const english = { 'accept-language': 'en-US,en;q=0.9' };

  const speaking = async (language: 'es' | 'ar'): Promise<TestUser> => {
    const who = await createUser(t.app);
    expect((await as(t.app, who)({ method: 'PATCH', url: '/users/me', payload: { language } })).statusCode).toBe(200);
    return who;
  };

  it('answers a signed-out request in the language its Accept-Language asks for, English by default', async () => {
    const bare = errorOf(await t.app.inject({ method: 'GET', url: '/api/v1/users/me' }));
    expect(bare).toEqual({ success: false, error: 'No access token', message: 'Please log in to continue.' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: spanish });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ success: false, error: 'No access token', message: 'Inicia sesión para continuar.' });
    const arabic = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { 'accept-language': 'fr, ar-EG;q=0.8' } });
    expect(errorOf(arabic).message).toBe('سجّل الدخول للمتابعة.');
  });

  it('refuses a log-in in Spanish, its contract text left in `error`', async () => {
    const payload = { identifier: 'nobody_here', password: 'guess guess' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: spanish });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      success: false,
      error: INVALID_CREDENTIALS,
      message: 'El nombre de usuario, el correo o la contraseña no son correctos.',
      isUserAuthenticated: false,
    });
  });

  it('answers 409, 400 and 429 in Spanish, with the same codes and field details as in English', async () => {
    const taken = await createUser(t.app);
    const signup = (headers: Record<string, string>, payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload, headers });
    const again = { userName: taken.user.userName, fullName: 'Copy Cat', email: 'copy@example.test', password: 'correct horse battery' };
    const conflict = await signup(spanish, again);
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict)).toMatchObject({
      error: 'Conflict',
      message: 'Ese nombre de usuario o correo no se puede usar. Si ya tienes una cuenta, inicia sesión.',
    });

    const invalid = { ...again, userName: 'fresh_name', email: 'not an address' };
    const [inEnglish, inSpanish] = [errorOf(await signup({}, invalid)), errorOf(await signup(spanish, invalid))];
    expect(inSpanish.error).toBe('Validation failed');
    expect(inSpanish.details).toEqual(inEnglish.details);
    const field = inEnglish.details?.[0];
    expect(inEnglish.message).toBe(`${field?.path}: ${field?.message}`);
    expect(inSpanish.message).toBe(`Revisa el campo «${field?.path}»: no es válido.`);

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { identifier: 'limit_me', password: 'guess guess' },
        headers: spanish,
      });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorOf(limited)).toEqual({
      success: false,
      error: 'Too Many Requests',
      message: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
    });
  });

  it('answers a signed-in person in their saved language, whatever the request asks for', async () => {
    const layla = await speaking('ar');
    const other = await createUser(t.app);
    const missing = await as(t.app, layla)({ method: 'POST', url: '/chats/00000000-0000-7000-8000-000000000000/read', headers: english });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ success: false, error: 'Not Found', message: 'هذا المستخدم غير موجود.' });

    const accept = await as(
      t.app,
      layla,
    )({
      method: 'POST',
      url: '/users/follow/friend-request/accept',
      payload: { targetUserId: other.user._id },
      headers: english,
    });
    expect(accept.statusCode).toBe(409);
    expect(errorOf(accept)).toEqual({ success: false, error: 'Conflict', message: 'لا يوجد طلب صداقة من هذا المستخدم لقبوله.' });

    const invalid = await as(t.app, layla)({ method: 'PATCH', url: '/users/me', payload: { language: 'xx' }, headers: english });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toMatch(/^راجع الحقل «.+»: قيمته غير صالحة\.$/);

    // A field detail that repeats the sentence is written with it.
    const wrong = await as(
      t.app,
      layla,
    )({ method: 'DELETE', url: '/users/me', payload: { password: 'not my password' }, headers: english });
    expect(errorOf(wrong)).toEqual({
      success: false,
      error: 'Bad Request',
      message: 'كلمة المرور غير صحيحة.',
      details: [{ path: 'password', message: 'كلمة المرور غير صحيحة.' }],
    });

    let limited = await sendChatMessage(t.app, layla, other, 'flood');
    for (let i = 0; i < 14 && limited.statusCode !== 429; i++) limited = await sendChatMessage(t.app, layla, other, `flood ${i}`);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ success: false, error: 'Too Many Requests', message: 'ترسل الرسائل بسرعة كبيرة. انتظر لحظة.' });
  });

  it('answers a Spanish speaker in Spanish without any Accept-Language', async () => {
    const sofia = await speaking('es');
    const res = await as(
      t.app,
      sofia,
    )({ method: 'GET', url: '/chats/00000000-0000-7000-8000-000000000000/00000000-0000-7000-8000-000000000001' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ success: false, error: 'Forbidden', message: 'Solo puedes leer tus propias conversaciones.' });
  });
});
