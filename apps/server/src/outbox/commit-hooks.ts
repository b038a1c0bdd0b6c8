/**
 * "Run this once the transaction has committed", for Kysely, which has no such hook. The dialect's driver
 * is wrapped: a transaction's connection collects callbacks between BEGIN and COMMIT; they run right
 * after COMMIT succeeds and are dropped on ROLLBACK. The outbox uses it to dispatch the events a
 * transaction recorded the moment they are visible to everyone, without the writer's code changing shape.
 */
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

const pending = new WeakMap<DatabaseConnection, Array<() => void>>();

class CommitHookDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  acquireConnection = () => this.inner.acquireConnection();
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  destroy = () => this.inner.destroy();

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(connection, settings);
    pending.set(connection, []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(connection);
    const callbacks = pending.get(connection) ?? [];
    pending.delete(connection);
    for (const callback of callbacks) callback();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    pending.delete(connection);
    await this.inner.rollbackTransaction(connection);
  }
}

/** The same dialect, with `afterCommit` working on its transactions. */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new CommitHookDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * Runs `callback` (synchronously) right after `db`'s transaction commits, and never if it rolls back.
 * Outside a transaction the caller's statements have already committed, so it runs now.
 */
export async function afterCommit<DB>(db: Kysely<DB>, callback: () => void): Promise<void> {
  if (!db.isTransaction) return callback();
  await db.getExecutor().provideConnection(async (connection) => {
    const callbacks = pending.get(connection);
    if (callbacks) callbacks.push(callback);
    // A transaction over a driver without the hooks: nothing would ever call it, so refuse loudly.
    else throw new Error('afterCommit: this database was not created with withCommitHooks()');
  });
}
