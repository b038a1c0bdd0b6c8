/**
 * What the benchmarks under bench/ may use of the server, in one place: a refactor inside the server changes
 * this file, never the benchmarks. Most benchmarks talk to a built server over HTTP and sockets only; these
 * names serve the ones that build an app in-process, fill a database directly, or time one part of the engine
 * room (the chat writer, the fan-out, the feed's JSON) on its own.
 */
export { buildApp } from './app';
export { loadConfig, testOverrides } from './config';
export { createDb, migrateToLatest, type Db } from './db';
export type { NewMessage } from './db/tables/chat';
export { groupCommit } from './db/group-commit';
export { sqliteWriterThread } from './db/sqlite-writer';
export { flattenRows } from './db/sqlite-writer/protocol';
export { sqliteBatchWriter } from './db/sqlite-writer/sqlite-batch';
export { newId, nowIso } from './lib/ids';
export type { Logger } from './lib/logger';
export { connectRedis } from './lib/redis';
export { hashPassword } from './modules/auth/passwords';
export { TokenSigner } from './modules/auth/tokens';
export { friendIdsQuery } from './modules/people';
export { feedPageKeyState } from './modules/posts';
export { fanOutFrom } from './modules/posts/post-fan-out';
export { feedResponseJson } from './modules/posts/presenters';
export { REACTION_COLUMNS } from './modules/posts/reaction-columns';
export type { UserRow } from './modules/users/repo';
export { FIRST_NAMES, LAST_NAMES } from './seed/names';
