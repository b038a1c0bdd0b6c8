/**
 * The caller's conversations of both kinds, most recent first: one page of keys (pairs and groups), then
 * batched lookups per kind (the other people, last messages and unread counts of the pairs; the groups'
 * views), then presented in the page's order.
 */
import type { Conversation, ConversationsQuery, DirectConversation, Pagination } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { notHidden } from '../safety';
import { presentPublicUser, userRepo } from '../users';
import { groupViews } from './groups/views';
import { presentWithMentions } from './message-mentions';
import { presentMessage } from './presenters';
import { chatRepo, type OnlyCondition } from './repo';

export function conversationList(ctx: AppContext) {
  const { db } = ctx;
  const repo = chatRepo(db);
  const users = userRepo(db);
  const groups = groupViews(db);

  return async function list(
    callerId: string,
    { page, limit, kind }: ConversationsQuery,
  ): Promise<{ data: Conversation[]; pagination: Pagination }> {
    const now = nowIso();
    const only: OnlyCondition = (column) => notHidden(db, column, callerId, now);
    const [keys, total] = await Promise.all([
      repo.conversationsOf(callerId, limit, offsetOf(page, limit), only, kind),
      repo.countConversations(callerId, only, kind),
    ]);
    const pairs = keys.filter((k) => k.kind !== 'group');
    const groupLasts = new Map(keys.flatMap((k) => (k.kind === 'group' && k.last_message_id ? [[k.pair_key, k.last_message_id]] : [])));
    const otherIds = pairs.map((p) => (p.user_low === callerId ? p.user_high : p.user_low));
    const [messages, people, unread, groupById] = await Promise.all([
      repo.messagesByKeys(pairs.flatMap((p) => (p.last_message_id ? [{ pairKey: p.pair_key, id: p.last_message_id }] : []))),
      users.findByIdsWithDeleted(pairs.length > 0 ? [callerId, ...otherIds] : []),
      repo.unreadCounts(callerId, otherIds),
      groups.forViewer(callerId, groupLasts, now),
    ]);
    const messageById = new Map((await presentWithMentions(ctx.db, messages, presentMessage)).map((m) => [m._id, m]));
    const userById = new Map(people.map((u) => [u.id, presentPublicUser(u)]));
    const data = keys.flatMap((k): Conversation[] => {
      if (k.kind === 'group') return groupById.has(k.pair_key) ? [groupById.get(k.pair_key)!] : [];
      const otherId = k.user_low === callerId ? k.user_high : k.user_low;
      const user = userById.get(otherId);
      const last = k.last_message_id ? messageById.get(k.last_message_id) : undefined;
      const me = userById.get(callerId);
      if (!user || !last || !me) return [];
      const direct: DirectConversation = {
        kind: 'direct',
        _id: k.pair_key,
        name: user.fullName,
        photo: user.userImage,
        members: [me, user],
        unreadCount: unread.get(otherId) ?? 0,
        muted: false,
        user,
        lastMessage: last,
      };
      return [direct];
    });
    return { data, pagination: pageInfo(page, limit, total) };
  };
}
