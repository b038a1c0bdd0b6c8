/** One message: own ones end-aligned in the brand colour with a delivery mark, the other person's start-aligned. */
import { AlertCircle, Check, CheckCheck, Clock, Flag } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '../../components/Avatar';
import { clockTime } from '../../lib/dates';
import { LinkPreviewCard } from '../link-previews';
import type { ChatMessage, ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { MessageText } from './MessageText';
import { useTranslation } from 'react-i18next';

function DeliveryMark({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const [Icon, label, tone] = message.failed
    ? [AlertCircle, t('bubble.notSentMark'), 'text-white']
    : message.pending
      ? [Clock, t('bubble.sending'), '']
      : message.readAt
        ? [CheckCheck, t('bubble.read'), 'text-white']
        : [Check, t('bubble.sent'), ''];
  return (
    <span role="img" aria-label={label} title={label} className={`inline-flex ${tone}`}>
      <Icon aria-hidden className="h-3.5 w-3.5" />
    </span>
  );
}

/** Why the message was not sent, and a button to send it again when it can be. */
function NotSent({ reason, onRetry }: { reason: string; onRetry?: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <p role="alert" className="mt-1 flex flex-wrap items-center gap-x-2 text-xs font-medium text-white">
      <span>{t('bubble.notSent', { reason })}</span>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="min-h-8 rounded-lg bg-white/20 px-2 font-semibold underline-offset-2 hover:bg-white/30"
        >
          {t('bubble.retry')}
        </button>
      )}
    </p>
  );
}

function ReportButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('bubble.report')}
      title={t('bubble.report')}
      // A phone has no hover: there the flag always shows, at a size a thumb can hit.
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-rose-600 focus:opacity-100 sm:h-7 sm:w-7 sm:text-slate-400 sm:opacity-0 sm:group-hover:opacity-100 dark:text-slate-400 dark:hover:bg-slate-700"
    >
      <Flag className="h-3.5 w-3.5" />
    </button>
  );
}

export const MessageBubble = memo(function MessageBubble({
  message,
  own,
  onReport,
  onRetry,
  inGroup = false,
  sender,
  receipt,
}: {
  message: ChatMessage;
  own: boolean;
  onReport?: (messageId: string) => void;
  /** Sending an unsent message again (by its clientMessageId). */
  onRetry?: (clientMessageId: string) => void;
  /** A group's message: others' carry who wrote them, one's own may carry a receipt line. */
  inGroup?: boolean;
  /**
   * In a group, on the first of a run of another person's messages: who wrote it (null: someone no longer
   * in the group); undefined on the rest of the run, which leave the picture's space empty.
   */
  sender?: ChatUser | null;
  /** A line under the message ("Seen by 4"). */
  receipt?: string;
}) {
  const { t } = useTranslation('chat');
  const bubble = (
    <div
      className={`max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
        own
          ? 'rounded-ee-md bg-brand-primary text-white'
          : 'rounded-es-md bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:ring-0'
      } ${message.pending ? 'opacity-75' : ''} ${message.failed ? 'ring-2 ring-rose-400' : ''}`}
    >
      {message.mentions.length ? (
        <MessageText text={message.messageText} mentions={message.mentions} own={own} />
      ) : (
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{message.messageText}</p>
      )}
      {message.linkPreview && <LinkPreviewCard preview={message.linkPreview} compact className="my-1.5 w-64 max-w-full" />}
      {message.failed && (
        <NotSent
          reason={message.failed}
          onRetry={onRetry && message.clientMessageId ? () => onRetry(message.clientMessageId ?? '') : undefined}
        />
      )}
      <div
        className={`mt-0.5 flex items-center justify-end gap-1 text-[11px] ${own ? 'text-indigo-100' : 'text-slate-600 dark:text-slate-300'}`}
      >
        <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
        {own && <DeliveryMark message={message} />}
      </div>
    </div>
  );
  const report = !own && onReport && !message.pending && !message.failed && <ReportButton onClick={() => onReport(message._id)} />;
  if (!inGroup) {
    return (
      <li className={`group flex items-center gap-1 ${own ? 'justify-end' : 'justify-start'}`} data-message-id={message._id}>
        {bubble}
        {report}
      </li>
    );
  }
  const name = sender ? displayName(sender) : sender === null ? t('bubble.formerMember') : null;
  return (
    <li className={`group flex items-end gap-2 ${own ? 'justify-end' : 'justify-start'}`} data-message-id={message._id}>
      {!own && (
        <span className="w-7 shrink-0" aria-hidden>
          {name && <Avatar name={name} id={sender?._id ?? message.messageSender} src={sender?.userImage} size="xs" decorative />}
        </span>
      )}
      <div className={`flex min-w-0 flex-1 flex-col ${own ? 'items-end' : 'items-start'}`}>
        {name && !own && <p className="mb-0.5 ms-1 text-xs font-semibold text-slate-600 dark:text-slate-300">{name}</p>}
        <div className={`flex w-full items-center gap-1 ${own ? 'justify-end' : 'justify-start'}`}>
          {bubble}
          {report}
        </div>
        {receipt && <p className="mt-1 me-1 text-[11px] font-medium text-slate-600 dark:text-slate-400">{receipt}</p>}
      </div>
    </li>
  );
});
