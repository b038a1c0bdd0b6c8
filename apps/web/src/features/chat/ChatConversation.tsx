/** The right panel with a person selected: header, notices, the messages and the composer. */
import { CHAT, pairRoom } from '@plaza/contract';
import { ArrowLeft, MoreVertical } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner } from '../../components/EmptyState';
import type { PlazaSocket } from '../../lib/socket';
import { useChatHistoryInfiniteQuery, useMarkChatReadMutation, useSendChatMessageMutation } from './api';
import { historyMessages } from './chat-cache';
import { CHAT_ERRORS, type ChatUser, type Presence } from './chat-model';
import { displayName, PresenceDot } from './ConversationRow';
import { useDocumentVisible } from './hooks';
import { MessageInput } from './MessageInput';
import { MessageList, type HistoryPhase } from './MessageList';
import { useTypingSignal } from './useTypingSignal';

/** crypto.randomUUID exists only in secure contexts; a plain-http LAN address still needs an id. */
function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ChatConversationProps {
  me: { _id: string; userName: string };
  user: ChatUser;
  /** The conversation's unread count as the server last told it. */
  unreadCount: number;
  presence: Presence;
  socket: PlazaSocket | null;
  showBack: boolean;
  onBack: () => void;
}

export function ChatConversation({ me, user, unreadCount, presence, socket, showBack, onBack }: ChatConversationProps) {
  const conversation = useMemo(() => ({ me: me._id, other: user._id }), [me._id, user._id]);
  const { data, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    useChatHistoryInfiniteQuery(conversation);
  const messages = useMemo(() => historyMessages(data), [data]);
  const [sendMessage, { isError: sendFailed, reset: clearSendError }] = useSendChatMessageMutation();
  const [markRead] = useMarkChatReadMutation();
  const connected = useAppSelector((s) => s.chat.isConnected);
  const online = presence.online.includes(user._id);
  const typing = presence.typing.includes(user._id);
  const visible = useDocumentVisible();
  const room = pairRoom(me._id, user._id);
  const signalTyping = useTypingSignal(socket, room);
  const name = displayName(user);
  const phase: HistoryPhase = data ? 'loaded' : isError ? 'failed' : 'loading';
  // A page of older messages that failed is retried by scrolling up again; only the latest page gets a banner.
  const loadFailed = isError && !isFetchNextPageError;

  // Read receipts: what arrives while the conversation is open and the tab in front counts as read.
  const unreadIncoming = messages.filter((m) => m.messageSender === user._id && !m.readAt).length;
  useEffect(() => {
    if (visible && (unreadIncoming > 0 || (unreadCount > 0 && phase === 'loaded'))) void markRead(conversation);
  }, [markRead, conversation, visible, unreadIncoming, unreadCount, phase]);

  useEffect(() => {
    if (!sendFailed) return;
    const timer = setTimeout(clearSendError, CHAT.sendErrorClearMs);
    return () => clearTimeout(timer);
  }, [sendFailed, clearSendError]);

  const send = useCallback(
    async (text: string) => {
      // Sending requires a room, a socket and a selected user (SPEC §5).
      if (!room || !socket || !user) return false;
      const result = await sendMessage({
        sender: { _id: me._id, userName: me.userName },
        receiver: user,
        text,
        clientMessageId: newClientMessageId(),
      });
      if (!result.data) return false;
      // The server announced the stored message already; this only asks it to confirm (SPEC §7).
      if (socket.connected) {
        socket.emit(
          'sendMessage',
          {
            room,
            message: result.data,
            senderId: me._id,
            senderUsername: me.userName,
            receiverId: user._id,
            receiverUsername: user.userName,
          },
          () => {},
        );
      }
      return true;
    },
    [sendMessage, me._id, me.userName, room, socket, user],
  );

  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <section aria-label={`Conversation with ${name}`} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-4 dark:border-slate-700/70">
        {showBack && (
          <button
            type="button"
            onClick={onBack}
            aria-label="Back"
            className="-ml-1 rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            <ArrowLeft className="h-5 w-5" />
          </button>
        )}
        <span className="relative shrink-0">
          <Avatar name={name} src={user.userImage} size="sm" />
          <PresenceDot online={online} className="h-2.5 w-2.5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm leading-tight font-semibold sm:text-base">{name}</h2>
          <p
            aria-live="polite"
            className={`text-xs ${typing ? 'font-medium text-brand-primary italic dark:text-indigo-300' : online ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}`}
          >
            {typing ? 'typing…' : online ? 'Online' : 'Offline'}
          </p>
        </div>
        <button
          type="button"
          aria-label="More options"
          title="More options"
          className="rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-700"
        >
          <MoreVertical className="h-5 w-5" />
        </button>
      </header>

      {(loadFailed || sendFailed) && (
        <div className="space-y-2 px-3 pt-3 sm:px-4">
          {loadFailed && <ErrorBanner message={CHAT_ERRORS.messages} onRetry={() => void refetch()} />}
          {sendFailed && <ErrorBanner message={CHAT_ERRORS.send} />}
        </div>
      )}

      <MessageList
        messages={messages}
        meId={me._id}
        phase={phase}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
      />
      <MessageInput connected={connected} onSend={send} onTyping={signalTyping} />
    </section>
  );
}
