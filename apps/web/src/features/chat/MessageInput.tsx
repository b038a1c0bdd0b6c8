/**
 * The composer (SPEC §2, §5): 'Type a message...', a send button enabled only while connected and the text
 * is not blank, the 'n/1000' counter, Enter sends and Shift+Enter breaks the line; a failed send puts the
 * text back.
 */
import { CHAT } from '@plaza/contract';
import { SendHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { counterColor } from './chat-helpers';

const COUNTER_CLASSES = {
  normal: 'text-slate-500 dark:text-slate-400',
  amber: 'text-amber-700 font-semibold dark:text-amber-400',
  red: 'text-rose-600 font-semibold dark:text-rose-400',
} as const;

/** Tall enough for about six lines; beyond that the textarea scrolls. */
const MAX_HEIGHT_PX = 144;

export interface MessageInputProps {
  connected: boolean;
  /** Resolves true once the message is stored, false when it could not be sent. */
  onSend: (text: string) => Promise<boolean>;
  /** Called on every edit while text is present, and with false when the text is cleared or sent. */
  onTyping?: (isTyping: boolean) => void;
}

export function MessageInput({ connected, onSend, onTyping }: MessageInputProps) {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const length = text.length;
  const canSend = connected && text.trim().length > 0 && length <= CHAT.messageMaxLength;

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = async () => {
    if (!canSend) return;
    const sending = text.trim();
    setText('');
    onTyping?.(false);
    const ok = await onSend(sending);
    // Whatever was typed meanwhile stays, after the restored text.
    if (!ok) setText((current) => (current ? `${sending}\n${current}` : sending));
    area.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
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
      <div className="flex items-end gap-2">
        <div className="relative min-w-0 flex-1">
          <textarea
            ref={area}
            rows={1}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              onTyping?.(e.target.value.length > 0);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => onTyping?.(false)}
            placeholder="Type a message..."
            aria-label="Type a message..."
            aria-describedby="chat-counter"
            className="input block resize-none rounded-2xl py-2.5 pr-16 leading-5"
          />
          <span
            id="chat-counter"
            className={`pointer-events-none absolute right-3 bottom-2.5 text-[11px] tabular-nums ${COUNTER_CLASSES[counterColor(length)]}`}
          >
            {length}/{CHAT.messageMaxLength}
          </span>
        </div>
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send message"
          title={connected ? 'Send (Enter)' : 'Waiting for the connection'}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-primary text-white shadow-sm transition hover:bg-brand-primary-hover disabled:cursor-not-allowed disabled:bg-slate-300 disabled:shadow-none dark:disabled:bg-slate-700 dark:disabled:text-slate-400"
        >
          <SendHorizontal className="h-5 w-5" />
        </button>
      </div>
    </form>
  );
}
