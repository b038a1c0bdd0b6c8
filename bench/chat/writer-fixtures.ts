/** What the benchmarks of the chat's writer thread alone (writer-cost.ts, writer-wake.ts) share. */
import { pairRoom } from '@plaza/contract';
import { readdirSync } from 'node:fs';
import { newId, nowIso, type Logger, type NewMessage } from '../../apps/server/src/for-benchmarks';

const quiet = () => undefined;
/** The writer logs only failures, which these runs do not expect. */
export const silentLogger: Logger = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silentLogger,
};

/** The `i`th message between `a` and `b`, turn about, as the send path makes its row. */
export function messageRow(a: string, b: string, i: number): NewMessage {
  const [from, to] = i % 2 ? [a, b] : [b, a];
  return {
    id: newId(),
    pair_key: pairRoom(from, to),
    sender_id: from,
    receiver_id: to,
    client_message_id: newId(),
    text: `Message number ${i}, about as long as a chat line`,
    created_at: nowIso(),
    read_at: null,
  };
}

/** This process's thread ids (the main thread's is the process id), to tell which threads a step started. */
export const threadIds = (): Set<string> => new Set(readdirSync(`/proc/${process.pid}/task`));
