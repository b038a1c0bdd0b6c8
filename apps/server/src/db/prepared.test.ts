import { describe, expect, it } from 'vitest';
import { dialects, useTestApp } from '../../test/harness';
import { preparedQuery } from './prepared';

describe.each(dialects())('prepared reads on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('answers at once on SQLite outside a transaction, and through the awaited query everywhere else', async () => {
    const db = t.app.ctx.db;
    const count = preparedQuery<'name', readonly [n: number]>(db, (p) =>
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_name_lower', '=', p.name),
    );
    const awaited = await count({ name: 'nobody_here' });
    expect(Number(awaited[0][0])).toBe(0);
    const atOnce = count.now({ name: 'nobody_here' });
    if (dialect === 'sqlite') expect(atOnce?.map((r) => Number(r[0]))).toEqual([0]);
    else expect(atOnce).toBeUndefined();
    // Inside a transaction the connection is the transaction's: nothing is read past it.
    await db.transaction().execute(async () => {
      expect(count.now({ name: 'nobody_here' })).toBeUndefined();
    });
  });
});
