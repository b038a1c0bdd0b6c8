/** One message: own ones right-aligned in the brand colour with a delivery mark, the other person's left-aligned. */
import { Check, CheckCheck, Clock } from 'lucide-react';
import { memo } from 'react';
import { clockTime } from '../../lib/dates';
import type { ChatMessage } from './chat-model';

function DeliveryMark({ message }: { message: ChatMessage }) {
  const [Icon, label, tone] = message.pending
    ? [Clock, 'Sending', '']
    : message.readAt
      ? [CheckCheck, 'Read', 'text-white']
      : [Check, 'Sent', ''];
  return (
    <span role="img" aria-label={label} title={label} className={`inline-flex ${tone}`}>
      <Icon aria-hidden className="h-3.5 w-3.5" />
    </span>
  );
}

export const MessageBubble = memo(function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-message-id={message._id}>
      <div
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
          own
            ? 'rounded-br-md bg-brand-primary text-white'
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:ring-0'
        } ${message.pending ? 'opacity-75' : ''}`}
      >
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{message.messageText}</p>
        <div
          className={`mt-0.5 flex items-center justify-end gap-1 text-[11px] ${own ? 'text-indigo-100' : 'text-slate-600 dark:text-slate-300'}`}
        >
          <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
          {own && <DeliveryMark message={message} />}
        </div>
      </div>
    </li>
  );
});
