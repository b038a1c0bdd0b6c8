/** Blocks between two Plaza servers: a block of someone of the other server ends the friendship on both. */
import { describe, expect, it, vi } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { actorUrl, befriendAcross, deliverSigned, statusWith, until, usePeerServers } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

describe.each(dialects())('blocks between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('blocking a friend of the other server ends the friendship there too', async () => {
    const quin = await createUser(a.app, { userName: `quin_${dialect}` });
    const rex = await createUser(b.app, { userName: `rex_${dialect}` });
    const { yOnX: rexOnA, xOnY: quinOnB } = await befriendAcross(a, quin, b, rex);
    const blocked = await as(a.app, quin)({ method: 'POST', url: `/users/${rexOnA}/block` });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await until(b, rex, quinOnB, 'not_connected');
    const lifted = await as(a.app, quin)({ method: 'DELETE', url: `/users/${rexOnA}/block` });
    expect(lifted.statusCode, lifted.body).toBeLessThan(300);
  });

  it('a Block from the other server ends the friendship with the person it names', async () => {
    const sal = await createUser(a.app, { userName: `sal_${dialect}` });
    const tam = await createUser(b.app, { userName: `tam_${dialect}` });
    const { yOnX: tamOnA } = await befriendAcross(a, sal, b, tam);
    const block = { id: `${actorUrl(b, tam)}#blocks/1`, type: 'Block', actor: actorUrl(b, tam), object: actorUrl(a, sal) };
    expect((await deliverSigned(b, tam, a, block)).status).toBeLessThan(300);
    await until(a, sal, tamOnA, 'not_connected');
    expect(await statusWith(a.app, sal, tamOnA)).toBe('not_connected');
  });
});
