/** Builds the chat feature once per app: flood control, the chat service, its routes and realtime handlers. */
import { Histogram } from 'prom-client';
import type { AppContext, Feature } from '../../context';
import { isDatabaseUnavailable } from '../../db/errors';
import { groupCommit } from '../../db/group-commit';
import { postgresMessageBatch } from '../../db/postgres-message-batch';
import { sqliteWriterThread } from '../../db/sqlite-writer';
import { chatApi, type ChatApi } from './api';
import { createFloodControl } from './flood-control';
import { groupService } from './groups/service';
import { startMessageLinkPreviews } from './link-preview-sink';
import { insertMessages, type MessageStore } from './message-store';
import type { NewMessageRow } from './repo';
import { messageModeration } from './moderation';
import { chatRoutes } from './routes';
import { chatService, type ChatService } from './service';
import { chatRealtime } from './socket';

export interface ChatFeature extends Feature {
  /** For the moderation feature: a message as a moderator sees it, and its removal. */
  moderation: ReturnType<typeof messageModeration>;
  api: ChatApi;
  /** For the federation feature: a direct message from a friend on another server, stored as any message is. */
  remote: ChatService['remote'];
}

export function createChatFeature(ctx: AppContext): ChatFeature {
  const flood = createFloodControl(ctx.limits);
  // One store for every message, one-to-one and group alike.
  const store = messageStore(ctx);
  const service = chatService(ctx, flood, store);
  const groups = groupService(ctx, flood, store);
  const log = ctx.log.child({ feature: 'chat' });
  return {
    name: 'chat',
    routes: (app, c) => chatRoutes(app, c, { service, groups }),
    realtime: chatRealtime(ctx, service, groups, log),
    moderation: messageModeration(ctx.db),
    api: chatApi(ctx.db),
    remote: service.remote,
    start: () => {
      const stopPreviews = startMessageLinkPreviews(ctx);
      // Runs once no request is in flight: what they queued is written before the database closes.
      return () => {
        stopPreviews();
        return service.close();
      };
    },
  };
}

/**
 * Where messages are stored, chosen here and nowhere else. Sends of a few milliseconds are gathered into
 * one batch (db/group-commit.ts, `CHAT_COMMIT_WINDOW_MS`), written by the chat's plain Kysely transaction
 * (message-store.ts) on an in-memory SQLite. A SQLite file writes it on a thread of its own instead
 * (db/sqlite-writer/), so no commit stops the event loop; PostgreSQL as one statement
 * (db/postgres-message-batch.ts), one round trip, handing to the plain transaction a batch with a retried send.
 */
function messageStore(ctx: AppContext): MessageStore {
  const { database, chatCommitWindowMs: windowMs, without } = ctx.config;
  const plain = { run: (rows: readonly NewMessageRow[]) => insertMessages(ctx.db, rows), close: async () => undefined };
  const runner =
    database.kind === 'sqlite' && database.file !== ':memory:' && !without?.includes('sqliteWriterThread')
      ? sqliteWriterThread(ctx.db, database.file, ctx.log.child({ part: 'chat-writer' }))
      : database.kind === 'postgres' && !without?.includes('postgresOneStatement')
        ? postgresMessageBatch(ctx.db, plain.run)
        : plain;
  const batches = new Histogram({
    name: 'plaza_chat_writer_batch_seconds',
    help: 'Time to write one batch of chat messages, by outcome: ok (every message stored), partial, failed (none stored)',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [ctx.metrics.registry],
  });
  const store = groupCommit(runner, {
    windowMs,
    onBatch: (seconds, outcome) => batches.observe({ outcome }, seconds),
    failsEveryone: isDatabaseUnavailable,
  });
  ctx.metrics.gauge('plaza_chat_writer_queue_depth', 'Chat messages waiting to be written: queued or in the batch being written', () =>
    store.waiting(),
  );
  return store;
}
