/**
 * The right panel with a group open: its picture, name and who is in it (or typing), the same message list and
 * composer as a conversation of two, sender names on others' messages, "Seen by" under one's own last message,
 * and, once one is no longer in the group, why instead of the composer.
 */
import { DoorOpen } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ErrorBanner } from '../../components/EmptyState';
import type { PlazaSocket } from '../../lib/socket';
import { ReportDialog, type ReportTarget } from '../safety';
import { historyMessages } from './chat-cache';
import { CHAT_ERRORS, toChatUser, type ChatMessage, type ChatUser, type Presence } from './chat-model';
import { displayName } from './ConversationRow';
import { type GroupSummary, useGroupHistoryInfiniteQuery, useMarkGroupReadMutation } from './group-api';
import { membersLine, seenByLine, systemLine, typingLine } from './group-texts';
import { GroupConversationHeader } from './GroupConversationHeader';
import { GroupInfoDialog } from './GroupInfoDialog';
import { useDocumentVisible } from './hooks';
import { MessageInput } from './MessageInput';
import { MessageList, type HistoryPhase } from './MessageList';
import { newClientMessageId, outbox, useOutbox, withUnsent } from './outbox';
import { useGroupTypingSignal } from './useTypingSignal';
import { useTranslation } from 'react-i18next';

export interface GroupConversationProps {
  me: { _id: string; userName: string };
  group: GroupSummary;
  presence: Presence;
  /** The ids of the members typing here now. */
  typing: readonly string[];
  socket: PlazaSocket | null;
  showBack: boolean;
  onBack: () => void;
}

export function GroupConversation({ me, group, presence, typing, socket, showBack, onBack }: GroupConversationProps) {
  const { t } = useTranslation('chat');
  const id = group._id;
  const { data, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useGroupHistoryInfiniteQuery(id);
  const unsent = useOutbox(me._id);
  const stored = useMemo(() => historyMessages(data), [data]);
  const messages = useMemo(
    () => withUnsent(stored, unsent, id).map((m) => (m.groupSystem ? { ...m, messageText: systemLine(m.groupSystem, me._id) } : m)),
    [stored, unsent, id, me._id],
  );
  const senders = useMemo(() => new Map<string, ChatUser>(group.members.map((m) => [m._id, toChatUser(m)])), [group.members]);
  const others = group.members.filter((m) => m._id !== me._id);
  const online = others.filter((m) => presence.online.includes(m._id)).length;
  const typingNames = others.filter((m) => typing.includes(m._id)).map((m) => displayName(m).split(' ')[0]);
  const typingText = typingLine(typingNames);
  const connected = useAppSelector((s) => s.chat.isConnected);
  const signalTyping = useGroupTypingSignal(socket, id);
  const phase: HistoryPhase = data ? 'loaded' : isError ? 'failed' : 'loading';
  const loadFailed = isError && !isFetchNextPageError;
  const [infoOpen, setInfoOpen] = useState(false);

  const receipt = seenReceipt(stored, group, me._id, senders, others.length);

  useMarkGroupRead(group, stored, me._id, phase === 'loaded');

  const send = useSendToGroup(me._id, group);
  const retry = useCallback((clientMessageId: string) => outbox.mark(me._id, clientMessageId, undefined), [me._id]);
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const reportMessage = useCallback((messageId: string) => setReporting({ type: 'message', id: messageId }), []);

  return (
    <section aria-label={t('group.label', { name: group.name })} className="flex h-full min-h-0 flex-col">
      <GroupConversationHeader
        group={group}
        memberNames={others.map(displayName)}
        subtitle={group.gone ? t('group.gone') : (typingText ?? membersLine(group.members.length, online))}
        typing={typingText !== null}
        showBack={showBack}
        onBack={onBack}
        onInfo={() => setInfoOpen(true)}
      />

      {loadFailed && !group.gone && (
        <div className="space-y-2 px-3 pt-3 sm:px-4">
          <ErrorBanner message={CHAT_ERRORS.messages} onRetry={() => void refetch()} />
        </div>
      )}

      <MessageList
        messages={messages}
        meId={me._id}
        phase={group.gone ? 'loaded' : phase}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
        onReport={reportMessage}
        onRetry={retry}
        senders={senders}
        receipt={receipt}
      />
      {group.gone ? (
        <div
          role="note"
          className="flex items-start gap-3 border-t border-slate-200 px-4 py-4 text-sm text-slate-700 dark:border-slate-700/70 dark:text-slate-300"
        >
          <DoorOpen className="mt-0.5 h-4 w-4 shrink-0 text-rose-500" aria-hidden />
          <p>{group.gone === 'removed' ? t('group.removedNote') : t('group.leftNote')}</p>
        </div>
      ) : (
        <MessageInput connected={connected} onSend={send} onTyping={signalTyping} />
      )}
      {!group.gone && <GroupInfoDialog open={infoOpen} onClose={() => setInfoOpen(false)} me={me} group={group} presence={presence} />}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}

/** "Seen by": how many of the others have read up to one's own last stored message, when it is the last one. */
function seenReceipt(stored: ChatMessage[], group: GroupSummary, meId: string, senders: Map<string, ChatUser>, othersCount: number) {
  const lastOwn = [...stored].reverse().find((m) => m.messageSender === meId && !m.system);
  const seen = lastOwn ? group.reads.filter((r) => r.userId !== meId && r.seq >= lastOwn.seq && senders.has(r.userId)).length : 0;
  const seenText = lastOwn ? seenByLine(seen, othersCount) : null;
  return lastOwn && seenText && lastOwn._id === stored[stored.length - 1]?._id ? { messageId: lastOwn._id, text: seenText } : null;
}

/** What arrives while the group is open (its history `loaded`) and the tab in front counts as read. */
function useMarkGroupRead(group: GroupSummary, stored: ChatMessage[], meId: string, loaded: boolean) {
  const visible = useDocumentVisible();
  const [markRead] = useMarkGroupReadMutation();
  const myRead = group.reads.find((r) => r.userId === meId)?.seq ?? 0;
  const latestOther = stored.reduce((max, m) => (m.messageSender !== meId && m.seq > max ? m.seq : max), 0);
  const needsRead = group.gone === undefined && loaded && (latestOther > myRead || group.unreadCount > 0);
  useEffect(() => {
    if (visible && needsRead) void markRead({ id: group._id, me: meId });
  }, [visible, needsRead, markRead, group._id, meId]);
}

/** Kept in the outbox first, as a one-to-one message is: a lost connection or a reload loses nothing. */
function useSendToGroup(meId: string, group: GroupSummary) {
  return useCallback(
    async (text: string) => {
      outbox.add({
        clientMessageId: newClientMessageId(),
        senderId: meId,
        // The group stands where the receiver would: its id and name.
        receiver: { _id: group._id, userName: group.name, fullName: group.name, userImage: null, userBio: null },
        groupId: group._id,
        text,
        createdAt: new Date().toISOString(),
      });
      return true;
    },
    [meId, group._id, group.name],
  );
}
