/** The composer's text field, with the list of people to mention that opens as an `@name` is typed. */
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMentionAutocomplete } from '../mentions';

interface ComposerTextProps {
  text: string;
  setText: (text: string) => void;
  disabled: boolean;
  /** Over the length limit. */
  invalid: boolean;
  placeholder: string;
}

export function ComposerText({ text, setText, disabled, invalid, placeholder }: ComposerTextProps) {
  const { t } = useTranslation('feed');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ text, setText, inputRef: textRef });
  const textId = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={textId} className="sr-only">
        {t('composer.prompt')}
      </label>
      <textarea
        id={textId}
        ref={textRef}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          mention.track(e);
        }}
        {...mention.inputProps}
        onKeyDown={(e) => {
          if (!mention.onKeyDown(e)) submitOnCtrlEnter(e);
        }}
        disabled={disabled}
        rows={2}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        className="field-sizing-content max-h-80 min-h-16 w-full resize-none bg-transparent py-2 text-[15px] outline-none placeholder:text-slate-400 focus-visible:outline-none disabled:opacity-60 dark:placeholder:text-slate-500"
      />
      {mention.list}
      <span role="status" className="sr-only">
        {mention.status}
      </span>
    </div>
  );
}

/** Ctrl/Cmd+Enter posts; Enter alone keeps breaking lines. */
function submitOnCtrlEnter(e: KeyboardEvent<HTMLTextAreaElement>) {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  }
}
