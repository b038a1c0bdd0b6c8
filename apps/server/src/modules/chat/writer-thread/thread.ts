/**
 * The chat's writer thread (SQLite only): its own connection to the database file writes the message
 * batches the server sends it, so a commit — and the fsync behind it — never holds up the event loop, and
 * checkpoints the WAL on a timer, so no request ever pays for a checkpoint either (the server's own
 * connection has automatic checkpoints off while this thread runs).
 */
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWriter, ToWriter, WriterThreadOptions } from './protocol';
import { sqliteBatchWriter } from './sqlite-batch';

const options = workerData as WriterThreadOptions;
const port = parentPort!;
const reply = (msg: FromWriter) => port.postMessage(msg);

const sqlite = new SQLite(options.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('wal_autocheckpoint = 0');
// Once a checkpoint has copied everything back, the WAL file is cut back to this size instead of staying at its largest.
sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
const write = sqliteBatchWriter(sqlite);

// PASSIVE never waits for readers or writers: what it cannot copy now, the next tick copies.
const checkpoint = sqlite.prepare('pragma wal_checkpoint(PASSIVE)');
const checkpointNow = () => {
  try {
    checkpoint.get();
  } catch {
    // Busy or locked: the next tick tries again (after close, the server's connection checkpoints on its own).
  }
};
const checkpointer = setInterval(checkpointNow, options.checkpointMs);

// Batches are written synchronously in the order they arrive: messages of a conversation are stored in order.
port.on('message', (msg: ToWriter) => {
  if (msg.type === 'close') {
    clearInterval(checkpointer);
    checkpointNow();
    sqlite.close();
    reply({ type: 'closed' });
    return;
  }
  try {
    reply({ type: 'written', batch: msg.batch, ...write(msg.rows) });
  } catch (err) {
    const e = err as { message?: unknown; code?: unknown };
    reply({ type: 'failed', batch: msg.batch, message: String(e.message), ...(typeof e.code === 'string' ? { code: e.code } : {}) });
  }
});
reply({ type: 'ready' });
