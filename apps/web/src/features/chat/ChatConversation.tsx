/** The right panel with a person selected: header, notices, the messages and the composer. */
import { CHAT, pairRoom } from '@plaza/contract';
import { ArrowLeft, MoreVertical } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { ErrorBanner } from '../../components/EmptyState';
import type { PlazaSocket } from '../../lib/socket';
import { displayName, PresenceDot } from './ConversationRow';
import { fetchMessages, fetchOlderMessages, markConversationRead, sendChatMessage, sendErrorCleared, type ChatUser } from './chatSlice';
import { useDocumentVisible } from './hooks';
import { MessageInput } from './MessageInput';
import { MessageList } from './MessageList';
import { selectIsOnline, selectIsTyping } from './selectors';
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
  socket: PlazaSocket | null;
  showBack: boolean;
  onBack: () => void;
}

export function ChatConversation({ me, user, socket, showBack, onBack }: ChatConversationProps) {
  const dispatch = useAppDispatch();
  const messages = useAppSelector((s) => s.chat.messages);
  const status = useAppSelector((s) => s.chat.messagesStatus);
  const error = useAppSelector((s) => s.chat.messagesError);
  const hasOlder = useAppSelector((s) => s.chat.hasOlder);
  const olderStatus = useAppSelector((s) => s.chat.olderStatus);
  const sendError = useAppSelector((s) => s.chat.sendError);
  const connected = useAppSelector((s) => s.chat.isConnected);
  const online = useAppSelector((s) => selectIsOnline(s, user._id));
  const typing = useAppSelector((s) => selectIsTyping(s, user._id));
  const summaryUnread = useAppSelector((s) => s.chat.conversations[user._id]?.unreadCount ?? 0);
  const visible = useDocumentVisible();
  const room = pairRoom(me._id, user._id);
  const signalTyping = useTypingSignal(socket, room);
  const name = displayName(user);

  // Read receipts: what arrives while the conversation is open and the tab in front counts as read.
  const unreadIncoming = messages.filter((m) => m.messageSender === user._id && !m.readAt).length;
  useEffect(() => {
    if (visible && (unreadIncoming > 0 || (summaryUnread > 0 && status === 'succeeded')))
      void dispatch(markConversationRead({ otherUserId: user._id }));
  }, [dispatch, visible, unreadIncoming, summaryUnread, status, user._id]);

  useEffect(() => {
    if (!sendError) return;
    const timer = setTimeout(() => dispatch(sendErrorCleared()), CHAT.sendErrorClearMs);
    return () => clearTimeout(timer);
  }, [dispatch, sendError]);

  const send = useCallback(
    async (text: string) => {
      // Sending requires a room, a socket and a selected user (SPEC §5).
      if (!room || !socket || !user) return false;
      const result = await dispatch(sendChatMessage({ sender: me, receiver: user, text, clientMessageId: newClientMessageId() }));
      if (!sendChatMessage.fulfilled.match(result)) return false;
      // The server announced the stored message already; this only asks it to confirm (SPEC §7).
      if (socket.connected) {
        socket.emit(
          'sendMessage',
          {
            room,
            message: result.payload,
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
    [dispatch, me, room, socket, user],
  );

  const loadOlder = useCallback(() => {
    const oldest = messages.find((m) => !m.pending);
    if (oldest) void dispatch(fetchOlderMessages({ currentUserId: me._id, otherUserId: user._id, before: oldest._id }));
  }, [dispatch, messages, me._id, user._id]);

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
            className={`text-xs ${typing ? 'font-medium text-brand-primary italic dark:text-indigo-300' : online ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}`}
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

      {(error || sendError) && (
        <div className="space-y-2 px-3 pt-3 sm:px-4">
          {error && (
            <ErrorBanner message={error} onRetry={() => void dispatch(fetchMessages({ currentUserId: me._id, otherUserId: user._id }))} />
          )}
          {sendError && <ErrorBanner message={sendError} />}
        </div>
      )}

      <MessageList
        messages={messages}
        meId={me._id}
        status={status}
        hasOlder={hasOlder}
        olderStatus={olderStatus}
        onLoadOlder={loadOlder}
      />
      <MessageInput connected={connected} onSend={send} onTyping={signalTyping} />
    </section>
  );
}
