/**
 * The SQLite writer: an optional fast path for the chat's message inserts on a SQLite database file.
 *
 * better-sqlite3 is synchronous, so every commit on the server's connection (and now and then the WAL
 * checkpoint inside it) stops the event loop for its fsync; under chat load that was the tail of every
 * request. Here a worker thread with a connection of its own writes the batches group commit gathers
 * (../group-commit.ts), with statements prepared once (sqlite-batch.ts); a second thread, the
 * checkpointer, copies the WAL back into the database file on a timer, so no commit carries a
 * checkpoint. The thread and the server's own connection (a post's fan-out, the job queue) meet at
 * SQLite's one write lock, each waiting for it in SQLite's busy timeout. It writes the same rows under the
 * same rules as the chat's plain Kysely transaction (modules/chat/message-store.ts), which PostgreSQL and
 * an in-memory SQLite use; the chat feature's composition (modules/chat/feature.ts) is the one place that
 * chooses it. Why and what it measured: docs/decisions/chat-writer-thread.md.
 */
export { threadBatchRunner as sqliteWriterThread } from './client';
