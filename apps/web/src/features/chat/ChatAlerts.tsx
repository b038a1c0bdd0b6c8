/**
 * Chat you notice wherever you are: the unread count in the tab's title and favicon, a toast with Reply
 * and Open for a message from someone whose conversation is not open (or from a group not open and not
 * muted: "Ana in Trip"), and a browser notification when the tab is hidden and the person turned those on.
 * Mounted once for the signed-in frame.
 */
import i18next from 'i18next';
import type { GroupMessage, GroupMessageEvent, Message } from '@plaza/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { chatApi, useChatConversationsQuery } from './api';
import { chatPath, groupChatPath, type ChatUser } from './chat-model';
import { desktopNotificationsOn } from './desktop-notifications';
import { groupApi, useChatGroups, type GroupSummary } from './group-api';
import { GroupMessageToast, groupMessageTitle } from './GroupMessageToast';
import { MessageToast, MESSAGE_TOAST_MS } from './MessageToast';
import { displayName } from './ConversationRow';
import { setUnreadInTitle } from '../../lib/document-title';
import { drawFaviconBadge } from './tab-badge';
import { useUnreadChatCount } from './unread';
import { useOutboxDelivery } from './useOutboxDelivery';

// Long: kept whole on purpose: split into parts, the feed's idle-time JavaScript grew past its budget (js-budget.spec.ts).
export function ChatAlerts() {
  const me = useAppSelector((s) => s.auth.userDetails);
  const openId = useAppSelector((s) => s.chat.openUser?._id);
  const openGroupId = useAppSelector((s) => s.chat.openGroupId);
  const unread = useUnreadChatCount();
  useOutboxDelivery(me);
  const { data: conversations } = useChatConversationsQuery(me?._id ?? '', { skip: !me });
  const groups = useChatGroups(me?._id);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const latest = useRef({ conversations, groups, openId, openGroupId, onChat: false });
  latest.current = { conversations, groups, openId, openGroupId, onChat: location.pathname.startsWith('/chat') };

  useEffect(() => {
    setUnreadInTitle(unread);
    drawFaviconBadge(unread);
  }, [unread]);
  useEffect(
    () => () => {
      setUnreadInTitle(0);
      drawFaviconBadge(0);
    },
    [],
  );

  /** Who wrote: from the cached conversations, or, for someone writing for the first time, from the server. */
  async function senderOf(id: string): Promise<ChatUser | undefined> {
    const known = latest.current.conversations?.find((c) => c.user._id === id)?.user;
    if (known || !me) return known;
    // A read of the list already under way (the socket's reconnect starts one) is joined, not repeated,
    // and may have been answered before the message was stored: then a second read, begun after it.
    for (let read = 0; read < 2; read++) {
      const fresh = await dispatch(chatApi.endpoints.chatConversations.initiate(me._id, { subscribe: false, forceRefetch: true }));
      const sender = fresh.data?.find((c) => c.user._id === id)?.user;
      if (sender) return sender;
    }
    return undefined;
  }

  /** The group: from the cached list, or, for one just joined that the list has not heard of, from the server. */
  async function groupOf(id: string): Promise<GroupSummary | undefined> {
    const known = latest.current.groups?.find((g) => g._id === id);
    if (known) return known;
    const fresh = await dispatch(groupApi.endpoints.chatGroup.initiate(id, { subscribe: false, forceRefetch: true }));
    return fresh.data;
  }

  useSocketEvent('groupMessage', ({ conversationId, message }: GroupMessageEvent) => {
    if (!me || message.kind !== 'text' || message.senderId === me._id) return;
    const { openGroupId: open, onChat } = latest.current;
    if (onChat && open === conversationId) return;
    void groupOf(conversationId).then((group) => {
      // A muted group shows nothing (product.md § Group conversations); nor does one just left.
      if (group && !group.muted && !group.gone) alertGroup(message, group);
    });
  });

  useSocketEvent('receiveMessage', (message: Message) => {
    if (!me || message.messageReceiver !== me._id || message.messageSender === me._id) return;
    const { openId: open, onChat } = latest.current;
    if (onChat && open === message.messageSender) return;
    void senderOf(message.messageSender).then((sender) => alert(message, sender));
  });

  function alert(message: Message, sender: ChatUser | undefined) {
    if (!me) return;
    const openChat = (user: ChatUser | undefined) =>
      void navigate(user ? chatPath(user.userName) : '/chat', user ? { state: { openWith: user } } : undefined);

    if (document.visibilityState === 'hidden' && desktopNotificationsOn()) {
      const shown = new Notification(sender ? displayName(sender) : i18next.t('chatToast.newMessage'), {
        body: message.messageText,
        tag: message.messageSender,
      });
      shown.onclick = () => {
        window.focus();
        openChat(sender);
        shown.close();
      };
    }
    toast.custom(
      (id) => (
        <MessageToast
          me={me}
          sender={sender}
          message={message}
          onOpen={() => {
            toast.dismiss(id);
            openChat(sender);
          }}
          onDone={() => toast.dismiss(id)}
        />
      ),
      { id: `message-${message.messageSender}`, duration: MESSAGE_TOAST_MS },
    );
  }

  function alertGroup(message: GroupMessage, group: GroupSummary) {
    if (!me) return;
    const openGroup = () => void navigate(groupChatPath(group._id));
    if (document.visibilityState === 'hidden' && desktopNotificationsOn()) {
      const shown = new Notification(groupMessageTitle(group, message), { body: message.messageText, tag: `group:${group._id}` });
      shown.onclick = () => {
        window.focus();
        openGroup();
        shown.close();
      };
    }
    toast.custom(
      (id) => (
        <GroupMessageToast
          meId={me._id}
          group={group}
          message={message}
          onOpen={() => {
            toast.dismiss(id);
            openGroup();
          }}
        />
      ),
      { id: `group-${group._id}`, duration: MESSAGE_TOAST_MS },
    );
  }

  return null;
}
