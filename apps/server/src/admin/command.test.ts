import { meResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { runAdminCommand } from './command';

describe.each(dialects())('the admin command on %s', (dialect) => {
  const t = useTestApp(dialect);
  const roleOf = async (who: { accessToken: string }) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: '/users/me' }), meResponseSchema).user.role;

  it('leaves the first account a member, grants and revokes roles by user name, and logs each change', async () => {
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

  it('says how to use it, and who does not exist', async () => {
    expect((await runAdminCommand([], t.config)).code).toBe(2);
    expect((await runAdminCommand(['grant', 'someone', 'member'], t.config)).code).toBe(2);
    expect((await runAdminCommand(['promote', 'someone'], t.config)).code).toBe(2);
    expect(await runAdminCommand(['revoke', 'nobody_here'], t.config)).toEqual({ code: 1, lines: ['No user is called "nobody_here".'] });
  });
});
