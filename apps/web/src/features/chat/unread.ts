/** The signed-in person's unread chat messages, summed over every conversation in the live cached list. */
import { useAppSelector } from '../../app/hooks';
import { useChatConversationsQuery } from './api';

export function useUnreadChatCount(): number {
  const me = useAppSelector((s) => s.auth.userDetails?._id);
  const openId = useAppSelector((s) => s.chat.openUser?._id);
  const { data } = useChatConversationsQuery(me ?? '', { skip: !me });
  // The open conversation is being read: it does not count.
  return (data ?? []).reduce((sum, c) => sum + (c.user._id === openId ? 0 : c.unreadCount), 0);
}
