/**
 * The composer (product.md § Chat): 'Type a message...', a send button enabled while the text is not blank
 * (disconnected too: the message waits in the outbox), the 'n/1000' counter, Enter sends and Shift+Enter
 * breaks the line; a failed send puts the text back.
 */
import { CHAT, firstLinkOf } from '@plaza/contract';
import { SendHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ComposerLinkPreview, useComposerLink } from '../link-previews';
import { useMentionAutocomplete, type MentionCandidate } from '../mentions';
import { counterColor } from './chat-helpers';
import { useTranslation } from 'react-i18next';

const COUNTER_CLASSES = {
  normal: 'text-slate-500 dark:text-slate-400',
  amber: 'text-amber-700 font-semibold dark:text-amber-400',
  red: 'text-rose-600 font-semibold dark:text-rose-400',
} as const;

/** Tall enough for about six lines; beyond that the textarea scrolls. */
const MAX_HEIGHT_PX = 144;

export interface MessageInputProps {
  connected: boolean;
  /** Resolves true once the message is stored, false when it could not be sent; `noPreview`: its link card was removed. */
  onSend: (text: string, noPreview: boolean) => Promise<boolean>;
  /** Called on every edit while text is present, and with false when the text is cleared or sent. */
  onTyping?: (isTyping: boolean) => void;
  /** The people of the conversation, offered first when a `@name` is typed. */
  people?: MentionCandidate[];
}

export function MessageInput({ connected, onSend, onTyping, people }: MessageInputProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ text, setText, inputRef: area, people, placement: 'above' });
  // The link whose card the sender removed; another link gets its card again.
  const [removedLink, setRemovedLink] = useState<string | null>(null);
  const link = useComposerLink(text);
  const length = text.length;
  // Written while disconnected, a message waits in the outbox and goes when the connection returns.
  const canSend = text.trim().length > 0 && length <= CHAT.messageMaxLength;

  useMessageBox(area, text);

  const submit = async () => {
    if (!canSend) return;
    const sending = text.trim();
    const noPreview = removedLink !== null && firstLinkOf(sending) === removedLink;
    setText('');
    setRemovedLink(null);
    onTyping?.(false);
    const ok = await onSend(sending, noPreview);
    // Whatever was typed meanwhile stays, after the restored text.
    if (!ok) setText((current) => (current ? `${sending}\n${current}` : sending));
    area.current?.focus();
  };

  // Enter sends (product.md § Chat), and so does Ctrl/Cmd+Enter, as in the post composer.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4 dark:border-slate-700/70 dark:bg-brand-surface-dark"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="mb-2 max-w-sm empty:hidden [&>*]:mt-0">
        <ComposerLinkPreview link={link} removed={link !== null && link === removedLink} onRemove={() => setRemovedLink(link)} row />
      </div>
      <div className="flex items-end gap-2">
        <div className="relative min-w-0 flex-1">
          <textarea
            ref={area}
            rows={1}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              mention.track(e);
              onTyping?.(e.target.value.length > 0);
            }}
            {...mention.inputProps}
            onKeyDown={onKeyDown}
            onBlur={() => onTyping?.(false)}
            placeholder={t('input.placeholder')}
            aria-label={t('input.placeholder')}
            aria-describedby="chat-counter"
            className="input block resize-none rounded-2xl py-2.5 pe-16 leading-5"
          />
          <span
            id="chat-counter"
            className={`pointer-events-none absolute end-3 bottom-2.5 text-[11px] tabular-nums ${COUNTER_CLASSES[counterColor(length)]}`}
          >
            {length}/{CHAT.messageMaxLength}
          </span>
          {mention.list}
          <span role="status" className="sr-only">
            {mention.status}
          </span>
        </div>
        <SendButton disabled={!canSend} connected={connected} />
      </div>
    </form>
  );
}

/** Focused as the conversation opens (the next keystroke belongs to it), and as tall as its text, up to a limit. */
function useMessageBox(area: RefObject<HTMLTextAreaElement | null>, text: string) {
  useEffect(() => {
    area.current?.focus({ preventScroll: true });
  }, [area]);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [area, text]);
}

function SendButton({ disabled, connected }: { disabled: boolean; connected: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="submit"
      disabled={disabled}
      aria-label={t('input.send')}
      title={connected ? t('input.sendTitle') : t('input.sendLater')}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-primary text-white shadow-sm transition hover:bg-brand-primary-hover disabled:cursor-not-allowed disabled:bg-slate-300 disabled:shadow-none dark:disabled:bg-slate-700 dark:disabled:text-slate-400"
    >
      <SendHorizontal className="h-5 w-5" />
    </button>
  );
}
