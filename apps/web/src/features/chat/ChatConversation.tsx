/** The right panel with a person selected: header, notices, the messages and the composer. */
import { pairRoom } from '@plaza/contract';
import { Ban } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ErrorBanner } from '../../components/EmptyState';
import type { PlazaSocket } from '../../lib/socket';
import { ReportDialog, useRelationQuery, type ReportTarget } from '../safety';
import { useChatHistoryInfiniteQuery, useMarkChatReadMutation } from './api';
import { historyMessages } from './chat-cache';
import { CHAT_ERRORS, toChatUser, type ChatUser, type Presence } from './chat-model';
import { ConversationHeader } from './ConversationHeader';
import { displayName } from './ConversationRow';
import { useDocumentVisible } from './hooks';
import { MessageInput } from './MessageInput';
import { MessageList, type HistoryPhase } from './MessageList';
import { newClientMessageId, outbox, useOutbox, withUnsent } from './outbox';
import { useTypingSignal } from './useTypingSignal';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('chat');
  const conversation = useMemo(() => ({ me: me._id, other: user._id }), [me._id, user._id]);
  const mentionable = useMemo(() => [user], [user]);
  const { data, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    useChatHistoryInfiniteQuery(conversation);
  const unsent = useOutbox(me._id);
  const messages = useMemo(() => withUnsent(historyMessages(data), unsent, user._id), [data, unsent, user._id]);
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

  // Kept in the outbox first (outbox.ts), so a lost connection or a reload loses nothing; the outbox's
  // delivery (useOutboxDelivery.ts) sends it, once, as soon as Plaza can be reached.
  const send = useCallback(
    async (text: string, noPreview: boolean) => {
      outbox.add({
        clientMessageId: newClientMessageId(),
        senderId: me._id,
        receiver: toChatUser(user),
        text,
        createdAt: new Date().toISOString(),
        ...(noPreview ? { noPreview } : {}),
      });
      return true;
    },
    [me._id, user],
  );
  const retry = useCallback((clientMessageId: string) => outbox.mark(me._id, clientMessageId, undefined), [me._id]);

  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // A block either way closes the composer; the server refuses the send anyway.
  const relation = useRelationQuery(user._id);
  const closed = relation.data !== undefined && !relation.data.canInteract;
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const reportMessage = useCallback((id: string) => setReporting({ type: 'message', id }), []);

  return (
    <section aria-label={t('conversation.label', { name })} className="flex h-full min-h-0 flex-col">
      <ConversationHeader user={user} online={online} typing={typing} showBack={showBack} onBack={onBack} />

      {loadFailed && (
        <div className="space-y-2 px-3 pt-3 sm:px-4">
          <ErrorBanner message={CHAT_ERRORS.messages} onRetry={() => void refetch()} />
        </div>
      )}

      <MessageList
        messages={messages}
        meId={me._id}
        phase={phase}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
        onReport={reportMessage}
        onRetry={retry}
      />
      {closed ? (
        <ClosedNotice blocked={relation.data?.blocked ?? false} userName={user.userName} />
      ) : (
        <MessageInput connected={connected} onSend={send} onTyping={signalTyping} people={mentionable} />
      )}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}

/** Why the composer is closed: a block one way or the other (the server refuses the send anyway). */
function ClosedNotice({ blocked, userName }: { blocked: boolean; userName: string }) {
  const { t } = useTranslation('chat');
  return (
    <div
      role="note"
      className="flex items-start gap-3 border-t border-slate-200 px-4 py-4 text-sm text-slate-600 dark:border-slate-700/70 dark:text-slate-300"
    >
      <Ban className="mt-0.5 h-4 w-4 shrink-0 text-rose-500" />
      <p>
        {blocked ? (
          <>
            {t('conversation.blocked', { userName: userName })}{' '}
            <Link to="/settings/blocked" className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
              {t('conversation.manageBlocked')}
            </Link>
          </>
        ) : (
          t('conversation.cannotMessage', { userName: userName })
        )}
      </p>
    </div>
  );
}
