/**
 * The one history of a conversation, direct or group, by its key: the newest page before `before`, or
 * the catch-up after `after` in the order the messages were stored (`seq`). Oldest first.
 */
import type { ChatHistoryQuery } from '@plaza/contract';
import { BadRequestError, sentence } from '../../lib/errors';
import type { MessageRow, ReaderLimits } from './repo';
import type { chatRepo } from './repo';

export async function historyOf(
  repo: ReturnType<typeof chatRepo>,
  key: string,
  query: ChatHistoryQuery,
  limits: ReaderLimits = {},
): Promise<MessageRow[]> {
  if (query.after) {
    if (query.before) throw new BadRequestError(sentence('error.chat.beforeOrAfter'), [{ path: 'after', message: 'Not with before' }]);
    const afterSeq = await repo.seqOf(key, query.after);
    // A message a moderator removed since the client got it has no place to start from: the messages
    // with a later id are the nearest answer (one minted earlier and stored later may be missed).
    return afterSeq === undefined
      ? repo.historyAfterId(key, query.after, query.limit, limits)
      : repo.historyAfterSeq(key, afterSeq, query.limit, limits);
  }
  const rows = await repo.history(key, query.before, query.limit, limits);
  return rows.reverse();
}
