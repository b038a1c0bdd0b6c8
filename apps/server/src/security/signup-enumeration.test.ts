import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { errorOf } from '../../test/replies';

const GENERIC = "That user name or email can't be used. If you already have an account, log in.";

describe.each(dialects())('signup does not confirm who has an account, on %s', (dialect) => {
  const t = useTestApp(dialect);
  const signup = (userName: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { userName, email, password: 'long enough pw', fullName: 'Probe' },
    });

  it('a stranger probing a registered email gets the generic refusal, which never says the email is taken', async () => {
    const member = await createUser(t.app, { email: 'member@example.com' });
    const probe = await signup('probe_one', member.user.email.toUpperCase());
    expect(probe.statusCode).toBe(409);
    const body = errorOf(probe);
    expect(body).toEqual({ success: false, error: 'Conflict', message: GENERIC });
    expect(body.message).not.toMatch(/exists|registered|taken|in use/i);
  });

  it('a taken user name and a taken email get the very same answer, so a refusal never says which one (issue 34, finding 6)', async () => {
    const member = await createUser(t.app);
    const byName = await signup(member.user.userName, 'someone-new@example.com');
    const byEmail = await signup('someone_new', member.user.email);
    expect(byName.statusCode).toBe(409);
    expect({ status: byEmail.statusCode, body: byEmail.body }).toEqual({ status: byName.statusCode, body: byName.body });
    expect(errorOf(byName).message).toBe(GENERIC);
  });

  it('two signups racing for one email: the loser gets the same generic refusal', async () => {
    const [a, b] = await Promise.all([signup('racer_one', 'race@example.com'), signup('racer_two', 'race@example.com')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(errorOf(a.statusCode === 409 ? a : b).message).toBe(GENERIC);
  });
});
