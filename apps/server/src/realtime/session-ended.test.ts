/**
 * A socket whose session is revoked server-side hears why just before it is cut (issue 34, finding 11):
 * `sessionEnded { reason }`, so the app can show the Session Expired overlay with the reason.
 */
import { loginResponseSchema, type SessionEndReason } from '@plaza/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { connectAs, type ChatClient } from '../modules/chat/testing';
import { grant, report, resolve } from '../modules/moderation/testing';

describe.each(dialects())('sessionEnded on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const open: ChatClient[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  /** A second session of the same person (another device). */
  async function elsewhere(u: TestUser): Promise<TestUser> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: u.user.userName, password: u.password },
    });
    const body = bodyOf(res, loginResponseSchema);
    return { ...u, accessToken: body.accessToken, refreshToken: body.refreshToken };
  }

  /** What the socket heard before its disconnect, in order. */
  async function heardBeforeCut(u: TestUser, revoke: () => Promise<unknown>): Promise<Array<SessionEndReason | 'disconnect'>> {
    const socket = await connectAs(t.url, u);
    open.push(socket);
    const heard: Array<SessionEndReason | 'disconnect'> = [];
    const cut = new Promise<void>((done) => {
      socket.on('sessionEnded', ({ reason }) => heard.push(reason));
      socket.on('disconnect', () => {
        heard.push('disconnect');
        done();
      });
    });
    await revoke();
    await cut;
    return heard;
  }

  it('says the password was changed, to the other sessions', async () => {
    const u = await createUser(t.app);
    const other = await elsewhere(u);
    const heard = await heardBeforeCut(u, () =>
      as(
        t.app,
        other,
      )({ method: 'POST', url: '/users/me/password', payload: { currentPassword: u.password, newPassword: 'a new one here' } }),
    );
    expect(heard).toEqual(['password_changed', 'disconnect']);
  });

  it('says signed out, to a session that logged out', async () => {
    const u = await createUser(t.app);
    expect(await heardBeforeCut(u, () => as(t.app, u)({ method: 'GET', url: '/auth/user/logout' }))).toEqual(['signed_out', 'disconnect']);
  });

  it('says the account was deleted', async () => {
    const u = await createUser(t.app);
    const other = await elsewhere(u);
    const heard = await heardBeforeCut(u, () =>
      as(t.app, other)({ method: 'DELETE', url: '/users/me', payload: { password: u.password } }),
    );
    expect(heard).toEqual(['deleted', 'disconnect']);
  });

  it('says the account was suspended', async () => {
    const [u, reporter, mod] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    await grant(t.app, mod);
    const heard = await heardBeforeCut(u, async () => {
      const id = await report(t.app, reporter, { targetType: 'user', targetId: u.user._id, reason: 'harassment' });
      await resolve(t.app, mod, id, { action: 'suspend', reason: 'Harassment', days: 1 });
    });
    expect(heard).toEqual(['suspended', 'disconnect']);
  });
});
