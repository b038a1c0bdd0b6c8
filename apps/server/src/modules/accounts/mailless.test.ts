import {
  auditResponseSchema,
  instanceResponseSchema,
  meResponseSchema,
  unverifiedAccountsResponseSchema,
  type SelfUser,
} from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { useMailbox } from '../../../test/mailbox';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { connectAs, nextEvent, type ChatClient } from '../chat/testing';
import { grant } from '../moderation/testing';

const me = async (app: FastifyInstance, who: TestUser): Promise<SelfUser> =>
  bodyOf(await as(app, who)({ method: 'GET', url: '/users/me' }), meResponseSchema).user;

const post = (app: FastifyInstance, who: TestUser, n: number) =>
  as(
    app,
    who,
  )({
    method: 'POST',
    url: '/posts',
    payload: `--b\r\nContent-Disposition: form-data; name="content"\r\n\r\npost ${n}\r\n--b--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  });

describe.each(dialects())('a server without mail on %s', (dialect) => {
  // The real limit on unconfirmed posters, which a server with mail applies (the suite below).
  const t = useTestApp(dialect, { UNVERIFIED_POSTS_PER_DAY: '3' }, { listen: true });
  const sockets: ChatClient[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  it('makes its first account the admin, confirmed, and the next ones unconfirmed members; it says it cannot mail', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    expect(first.user).toMatchObject({ role: 'admin', emailVerified: true });
    expect(second.user).toMatchObject({ role: 'member', emailVerified: false });
    expect(await me(t.app, first)).toMatchObject({ role: 'admin', emailVerified: true });
    expect(bodyOf(await t.app.inject({ method: 'GET', url: '/api/v1/instance' }), instanceResponseSchema)).toEqual({
      success: true,
      mail: false,
    });

    // The 3-a-day limit would stop an unconfirmed person for good, with no link to lift it.
    for (let n = 1; n <= 4; n++) expect((await post(t.app, second, n)).statusCode).toBe(201);
  });

  it("lets admins, and only admins, list unconfirmed accounts and confirm one; the person's session hears it", async () => {
    const admin = await createUser(t.app);
    await grant(t.app, admin, 'admin');
    const moderator = await createUser(t.app);
    await grant(t.app, moderator, 'moderator');
    const person = await createUser(t.app, { fullName: 'Waiting Person' });
    const socket = await connectAs(t.url, person);
    sockets.push(socket);

    for (const who of [person, moderator]) {
      expect((await as(t.app, who)({ method: 'GET', url: '/admin/accounts/unverified' })).statusCode).toBe(403);
      expect((await as(t.app, who)({ method: 'POST', url: `/admin/accounts/${person.user._id}/verify-email` })).statusCode).toBe(403);
    }
    expect((await me(t.app, person)).emailVerified).toBe(false);

    const listed = bodyOf(await as(t.app, admin)({ method: 'GET', url: '/admin/accounts/unverified' }), unverifiedAccountsResponseSchema);
    expect(listed.data.find((a) => a.user._id === person.user._id)).toMatchObject({ email: person.user.email });

    const heard = nextEvent(socket, 'userUpdate', ({ user }) => user.emailVerified);
    const res = await as(t.app, admin)({ method: 'POST', url: `/admin/accounts/${person.user._id}/verify-email` });
    expect(res.statusCode).toBe(200);
    expect((await heard).user).toMatchObject({ _id: person.user._id, emailVerified: true });
    expect((await me(t.app, person)).emailVerified).toBe(true);

    const after = bodyOf(await as(t.app, admin)({ method: 'GET', url: '/admin/accounts/unverified' }), unverifiedAccountsResponseSchema);
    expect(after.data.some((a) => a.user._id === person.user._id)).toBe(false);
    const audit = bodyOf(await as(t.app, admin)({ method: 'GET', url: '/admin/audit?limit=50' }), auditResponseSchema).data;
    expect(audit.find((e) => e.action === 'verify')).toMatchObject({
      moderator: { _id: admin.user._id },
      targetUser: { _id: person.user._id },
    });

    expect((await as(t.app, admin)({ method: 'POST', url: '/admin/accounts/no-such-person/verify-email' })).statusCode).toBe(404);
    expect((await as(t.app, null)({ method: 'POST', url: `/admin/accounts/${person.user._id}/verify-email` })).statusCode).toBe(401);
  });
});

describe.each(dialects())('two first signups racing on a server without mail on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('make exactly one admin', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    expect(accounts.filter((a) => a.user.role === 'admin')).toHaveLength(1);
    expect(accounts.filter((a) => a.user.emailVerified)).toHaveLength(1);
  });
});

describe.each(dialects())('a server with mail on %s', (dialect) => {
  const mailbox = useMailbox();
  // The mailbox fills its env (SMTP_URL) before the app is built, so the object itself is handed over.
  mailbox.env.UNVERIFIED_POSTS_PER_DAY = '3';
  const t = useTestApp(dialect, mailbox.env);

  it('leaves its first account an unconfirmed member, says it mails, and limits unconfirmed posters', async () => {
    const first = await createUser(t.app);
    expect(first.user).toMatchObject({ role: 'member', emailVerified: false });
    expect(bodyOf(await t.app.inject({ method: 'GET', url: '/api/v1/instance' }), instanceResponseSchema).mail).toBe(true);
    for (let n = 1; n <= 3; n++) expect((await post(t.app, first, n)).statusCode).toBe(201);
    expect((await post(t.app, first, 4)).statusCode).toBe(429);
  });
});
