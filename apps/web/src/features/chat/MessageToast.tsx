/** The toast of a chat message that arrived while its conversation is not open: who, what, Reply and Open. */
import type { Message, SelfUser } from '@plaza/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/Avatar';
import { useSendChatMessageMutation } from './api';
import { CHAT_ERRORS, type ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { useTranslation } from 'react-i18next';

/** Longer than other toasts (3 s, product.md § Constants and limits): there is a reply to write. Hovering keeps it open. */
export const MESSAGE_TOAST_MS = 8000;

interface MessageToastProps {
  me: SelfUser;
  sender: ChatUser | undefined;
  message: Message;
  onOpen: () => void;
  onDone: () => void;
}

export function MessageToast({ me, sender, message, onOpen, onDone }: MessageToastProps) {
  const { t } = useTranslation('common');
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  const [send, { isLoading }] = useSendChatMessageMutation();
  const name = sender ? displayName(sender) : t('chatToast.newMessage');

  async function reply() {
    const trimmed = text.trim();
    if (!sender || !trimmed) return;
    const result = await send({ sender: me, receiver: sender, text: trimmed, clientMessageId: crypto.randomUUID() });
    if ('error' in result) toast.error(CHAT_ERRORS.send);
    else onDone();
  }

  return (
    <div
      role="status"
      aria-label={t('chatToast.from', { name })}
      className="card w-[min(22rem,calc(100vw-1rem))] p-3 text-sm shadow-lg ring-1 ring-slate-200 dark:ring-slate-700"
    >
      <div className="flex items-start gap-3">
        <Avatar name={name} id={sender?._id ?? message.messageSender} src={sender?.userImage ?? null} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <p className="line-clamp-2 text-slate-600 dark:text-slate-300">{message.messageText}</p>
        </div>
      </div>
      {replying && sender ? (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void reply();
          }}
        >
          <input
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('chatToast.replyPlaceholder', { name })}
            aria-label={t('chatToast.replyTo', { name })}
            maxLength={1000}
            className="input flex-1 rounded-full py-1.5 text-sm"
          />
          <button
            type="submit"
            disabled={isLoading || !text.trim()}
            aria-label={t('chatToast.sendReply')}
            className="rounded-full bg-brand-primary p-2 text-white disabled:opacity-50"
          >
            <Send className="h-4 w-4" />
          </button>
        </form>
      ) : (
        <div className="mt-2 flex justify-end gap-2">
          {sender && (
            <button
              type="button"
              onClick={() => setReplying(true)}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700"
            >
              {t('chatToast.reply')}
            </button>
          )}
          <button
            type="button"
            onClick={onOpen}
            className="rounded-lg bg-brand-primary px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
          >
            {t('chatToast.open')}
          </button>
        </div>
      )}
    </div>
  );
}
