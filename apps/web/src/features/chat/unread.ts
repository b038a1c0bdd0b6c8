/** The signed-in person's unread chat messages, summed over every conversation and unmuted group in the live cached lists. */
import { useAppSelector } from '../../app/hooks';
import { useChatConversationsQuery } from './api';
import { useChatGroups } from './group-api';

export function useUnreadChatCount(): number {
  const me = useAppSelector((s) => s.auth.userDetails?._id);
  const openId = useAppSelector((s) => s.chat.openUser?._id);
  const openGroupId = useAppSelector((s) => s.chat.openGroupId);
  const { data } = useChatConversationsQuery(me ?? '', { skip: !me });
  const groups = useChatGroups(me);
  // The open conversation is being read: it does not count; nor does a muted group, or one left.
  const direct = (data ?? []).reduce((sum, c) => sum + (c.user._id === openId ? 0 : c.unreadCount), 0);
  return (groups ?? []).reduce((sum, g) => sum + (g._id === openGroupId || g.muted || g.gone ? 0 : g.unreadCount), direct);
}
