/**
 * The message area: grouped by day, scrolled to the bottom when messages arrive (unless the reader scrolled
 * up — then a "New messages" button appears), older history loaded at the top without a jump.
 */
import { ArrowDown, MessageCircle } from 'lucide-react';
import { useMemo } from 'react';
import { Spinner } from '../../components/Spinner';
import { clockTime } from '../../lib/dates';
import { groupByDate, type DateGroup } from './chat-helpers';
import type { ChatMessage, ChatUser } from './chat-model';
import { MessageBubble } from './MessageBubble';
import { useFollowLatest } from './use-follow-latest';
import { useTranslation } from 'react-i18next';

/** Where the history stands: still loading, loaded, or failed to load at all. */
export type HistoryPhase = 'loading' | 'loaded' | 'failed';

export interface MessageListProps {
  messages: ChatMessage[];
  meId: string;
  phase: HistoryPhase;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Reporting the other person's message to the moderators. */
  onReport?: (messageId: string) => void;
  /** Sending an unsent message again. */
  onRetry?: (clientMessageId: string) => void;
  /** In a group: who the other senders are, so their bubbles carry a name and a picture. */
  senders?: ReadonlyMap<string, ChatUser>;
  /** In a group: the line under one message, e.g. "Seen by 4" under one's own last one. */
  receipt?: { messageId: string; text: string } | null;
}

export function MessageList({
  messages,
  meId,
  phase,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onReport,
  onRetry,
  senders,
  receipt,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const groups = useMemo(() => groupByDate(messages), [messages]);
  const { scroller, showJump, onScroll, jumpToLatest } = useFollowLatest(messages, meId, { hasOlder, loadingOlder, onLoadOlder });

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('messages.label')}
        aria-live="polite"
        // Reachable with the keyboard, so the history scrolls with the arrow keys too.
        tabIndex={0}
        className="h-full overflow-y-auto focus-visible:outline-offset-[-2px] bg-slate-50/70 px-3 py-4 sm:px-5 dark:bg-slate-900/40"
      >
        {messages.length === 0 ? (
          phase === 'loading' ? (
            <LoadingMessages />
          ) : phase === 'loaded' ? (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-slate-500 dark:text-slate-400">
              <div className="rounded-full bg-brand-primary/10 p-4 text-brand-primary">
                <MessageCircle className="h-7 w-7" />
              </div>
              <p className="text-sm font-medium">{t('messages.empty')}</p>
            </div>
          ) : null
        ) : (
          <>
            {loadingOlder && (
              <div className="flex justify-center pb-3 text-brand-primary">
                <Spinner size="sm" label={t('messages.loadingOlder')} />
              </div>
            )}
            {!hasOlder && phase === 'loaded' && (
              <p className="pb-3 text-center text-xs text-slate-500 dark:text-slate-400">{t('messages.beginning')}</p>
            )}
            {groups.map((group) => (
              <DayOfMessages
                key={group.key}
                group={group}
                meId={meId}
                onReport={onReport}
                onRetry={onRetry}
                senders={senders}
                receipt={receipt}
              />
            ))}
          </>
        )}
      </div>
      {showJump && (
        <button
          type="button"
          onClick={jumpToLatest}
          className="absolute bottom-3 start-1/2 z-20 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand-primary px-4 py-2 text-xs font-semibold text-white shadow-lg hover:bg-brand-primary-hover"
        >
          <ArrowDown className="h-4 w-4" />
          {t('messages.newMessages')}
        </button>
      )}
    </div>
  );
}

type DayProps = Pick<MessageListProps, 'meId' | 'onReport' | 'onRetry' | 'senders' | 'receipt'> & {
  group: DateGroup<ChatMessage>;
};

/** One day's messages under its date. */
function DayOfMessages({ group, meId, onReport, onRetry, senders, receipt }: DayProps) {
  return (
    <section aria-label={group.label} className="mb-2">
      {/* In the flow, not sticky: a date never sits over a message's text. */}
      <h3 className="flex justify-center py-2">
        <span className="rounded-full bg-white/90 px-3 py-1 text-[11px] font-semibold text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800/90 dark:text-slate-300 dark:ring-slate-700">
          {group.label}
        </span>
      </h3>
      <ol className="space-y-1.5">
        {group.messages.map((m, i) =>
          m.system ? (
            <SystemLine key={m._id} message={m} />
          ) : (
            <MessageBubble
              key={m._id}
              message={m}
              own={m.messageSender === meId}
              onReport={onReport}
              onRetry={onRetry}
              inGroup={senders !== undefined}
              // A run of one person's messages carries their name once, on the first.
              sender={
                senders &&
                m.messageSender !== meId &&
                (i === 0 || group.messages[i - 1].messageSender !== m.messageSender || group.messages[i - 1].system)
                  ? (senders.get(m.messageSender) ?? null)
                  : undefined
              }
              receipt={receipt?.messageId === m._id ? receipt.text : undefined}
            />
          ),
        )}
      </ol>
    </section>
  );
}

/** A line about the group itself, centred between the messages. */
function SystemLine({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  return (
    <li className="flex justify-center py-1" data-message-id={message._id}>
      <p className="max-w-[85%] rounded-full bg-slate-200/70 px-3 py-1 text-center text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        {message.messageText}
        <span className="sr-only">
          {' '}
          {t('messages.at')} <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
        </span>
      </p>
    </li>
  );
}

function LoadingMessages() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex h-full flex-col" aria-busy="true">
      <p className="flex items-center justify-center gap-2 py-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size="sm" />
        {t('messages.loading')}
      </p>
      <div className="mt-4 space-y-3" aria-hidden>
        {['w-1/2', 'w-1/3 ms-auto', 'w-2/5', 'w-1/2 ms-auto', 'w-1/4'].map((cls, i) => (
          <div key={i} className={`h-10 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-700/70 ${cls}`} />
        ))}
      </div>
    </div>
  );
}
