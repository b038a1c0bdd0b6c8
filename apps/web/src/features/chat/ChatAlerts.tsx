/**
 * Chat you notice wherever you are: the unread count in the tab's title and favicon, a toast with Reply
 * and Open for a message from someone whose conversation is not open, and a browser notification when
 * the tab is hidden and the person turned those on. Mounted once for the signed-in frame.
 */
import type { Message } from '@plaza/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { chatApi, useChatConversationsQuery } from './api';
import { chatPath, type ChatUser } from './chat-model';
import { desktopNotificationsOn } from './desktop-notifications';
import { MessageToast, MESSAGE_TOAST_MS } from './MessageToast';
import { displayName } from './ConversationRow';
import { setUnreadInTitle } from '../../lib/document-title';
import { drawFaviconBadge } from './tab-badge';
import { useUnreadChatCount } from './unread';
import { useOutboxDelivery } from './useOutboxDelivery';

export function ChatAlerts() {
  const me = useAppSelector((s) => s.auth.userDetails);
  const openId = useAppSelector((s) => s.chat.openUser?._id);
  const unread = useUnreadChatCount();
  useOutboxDelivery(me);
  const { data: conversations } = useChatConversationsQuery(me?._id ?? '', { skip: !me });
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const latest = useRef({ conversations, openId, onChat: false });
  latest.current = { conversations, openId, onChat: location.pathname.startsWith('/chat') };

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
      const shown = new Notification(sender ? displayName(sender) : 'New message', {
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

  return null;
}
