/**
 * The chat's writer thread (SQLite only), and its checkpointer. The writer's own connection writes the
 * message batches the server sends it, so a commit never holds up the event loop. The checkpointer, the
 * same code started with `role: 'checkpointer'`, copies the WAL back into the database file on a timer
 * from a connection of its own: WAL checkpoints run beside a writer, so neither a request nor a batch
 * ever waits for a checkpoint's fsync (the server's own connection has automatic checkpoints off while
 * the threads run).
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

// PASSIVE never waits for readers or writers: what it cannot copy now, the next tick copies.
const checkpoint = sqlite.prepare('pragma wal_checkpoint(PASSIVE)');
const checkpointNow = () => {
  try {
    checkpoint.get();
  } catch {
    // Busy or locked: the next tick tries again (after close, the server's connection checkpoints on its own).
  }
};

function close() {
  checkpointNow();
  sqlite.close();
  reply({ type: 'closed' });
}

if (options.role === 'checkpointer') {
  const timer = setInterval(checkpointNow, options.checkpointMs);
  port.on('message', (msg: ToWriter) => {
    if (msg.type !== 'close') return;
    clearInterval(timer);
    close();
  });
} else {
  // A batch that finds the write lock taken waits in SQLite's busy handler (busy_timeout above).
  const write = sqliteBatchWriter(sqlite);
  // Batches are written synchronously in the order they arrive: messages of a conversation are stored in order.
  port.on('message', (msg: ToWriter) => {
    if (msg.type === 'close') return close();
    try {
      reply({ type: 'written', batch: msg.batch, ...write(msg.rows) });
    } catch (err) {
      const e = err as { message?: unknown; code?: unknown };
      reply({ type: 'failed', batch: msg.batch, message: String(e.message), ...(typeof e.code === 'string' ? { code: e.code } : {}) });
    }
  });
}
reply({ type: 'ready' });
