/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`). With more than one
 * connection writing (the server's and the chat's writer thread), a transaction that read first and
 * writes later would fail at once with SQLITE_BUSY if the other connection committed in between; one that
 * begins with the lock waits its turn (busy_timeout) instead. The server's connection runs one
 * transaction at a time, so holding the lock from the start costs it nothing.
 */
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver } from 'kysely';

export function immediateTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: (): Driver => {
      const inner = dialect.createDriver();
      return {
        init: () => inner.init(),
        acquireConnection: () => inner.acquireConnection(),
        releaseConnection: (c) => inner.releaseConnection(c),
        destroy: () => inner.destroy(),
        commitTransaction: (c) => inner.commitTransaction(c),
        rollbackTransaction: (c) => inner.rollbackTransaction(c),
        savepoint: inner.savepoint?.bind(inner),
        rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
        releaseSavepoint: inner.releaseSavepoint?.bind(inner),
        beginTransaction: async (c: DatabaseConnection) => void (await c.executeQuery(CompiledQuery.raw('begin immediate'))),
      };
    },
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
