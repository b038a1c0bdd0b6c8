import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { connectAs, nextEvent } from '../modules/chat/testing';
import { runAdminCommand } from './command';

describe.each(dialects())('the admin command on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  // The role as the server enforces it (read at every moderation request) and as stored; `/users/me`
  // may show a role set from the command line up to 10 s late (users/self-reply.ts).
  const roleOf = async (who: TestUser) => {
    const queue = await as(t.app, who)({ method: 'GET', url: '/admin/reports?status=open&limit=50' });
    const row = await t.app.ctx.db.selectFrom('users').select('role').where('id', '=', who.user._id).executeTakeFirstOrThrow();
    expect(queue.statusCode).toBe(row.role === 'member' ? 403 : 200);
    return row.role;
  };

  it('grants and revokes roles by user name, and logs each change', async () => {
    // Without mail the first account of a server is its admin (accounts/mailless.test.ts): this one is the second.
    await createUser(t.app);
    const first = await createUser(t.app);
    expect(await roleOf(first)).toBe('member');

    expect(await runAdminCommand(['grant', first.user.userName.toUpperCase(), 'moderator'], t.config)).toEqual({
      code: 0,
      lines: [`${first.user.userName} is now moderator (was member).`],
    });
    expect(await roleOf(first)).toBe('moderator');
    expect((await runAdminCommand(['grant', first.user.userName], t.config)).lines).toEqual([
      `${first.user.userName} is now admin (was moderator).`,
    ]);
    expect(await roleOf(first)).toBe('admin');
    expect((await runAdminCommand(['revoke', first.user.userName], t.config)).code).toBe(0);
    expect(await roleOf(first)).toBe('member');

    const log = await t.app.ctx.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('target_user_id', '=', first.user._id)
      .orderBy('id')
      .execute();
    expect(log.map((e) => [e.action, e.detail, e.moderator_id])).toEqual([
      ['grant', 'moderator', null],
      ['grant', 'admin', null],
      ['revoke', 'member', null],
    ]);
  });

  it("confirms an address by user name, once, and tells the person's open session; a role change too", async () => {
    const person = await createUser(t.app);
    const socket = await connectAs(t.url, person);
    try {
      const confirmed = nextEvent(socket, 'userUpdate', ({ user }) => user.emailVerified, 8000);
      expect(await runAdminCommand(['verify', person.user.userName], t.config)).toEqual({
        code: 0,
        lines: [`${person.user.userName}'s address ${person.user.email} is now confirmed.`],
      });
      // The command has no server to tell: the running one hears it from the outbox.
      expect((await confirmed).user).toMatchObject({ _id: person.user._id, emailVerified: true });
      expect((await runAdminCommand(['verify', person.user.userName], t.config)).lines[0]).toMatch(/is already confirmed/);

      const granted = nextEvent(socket, 'userUpdate', ({ user }) => user.role === 'admin', 8000);
      expect((await runAdminCommand(['grant', person.user.userName], t.config)).code).toBe(0);
      expect((await granted).user.role).toBe('admin');
      const revoked = nextEvent(socket, 'userUpdate', ({ user }) => user.role === 'member', 8000);
      expect((await runAdminCommand(['revoke', person.user.userName], t.config)).code).toBe(0);
      await revoked;
    } finally {
      socket.close();
    }
    const audit = await t.app.ctx.db.selectFrom('moderation_log').select('action').where('target_user_id', '=', person.user._id).execute();
    expect(audit.map((e) => e.action).sort()).toEqual(['grant', 'revoke', 'verify']);
  });

  it('says how to use it, and who does not exist', async () => {
    expect((await runAdminCommand([], t.config)).code).toBe(2);
    expect((await runAdminCommand(['grant', 'someone', 'member'], t.config)).code).toBe(2);
    expect((await runAdminCommand(['promote', 'someone'], t.config)).code).toBe(2);
    expect(await runAdminCommand(['revoke', 'nobody_here'], t.config)).toEqual({ code: 1, lines: ['No user is called "nobody_here".'] });
    expect(await runAdminCommand(['verify', 'nobody_here'], t.config)).toEqual({ code: 1, lines: ['No user is called "nobody_here".'] });
    expect((await runAdminCommand(['verify', 'someone', 'extra'], t.config)).code).toBe(2);
  });
});
