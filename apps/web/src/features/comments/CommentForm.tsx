/** Writes a comment on a post: 1–2000 characters, not blank; Enter sends, Shift+Enter breaks the line. */
import { firstLinkOf, LIMITS } from '@plaza/contract';
import { SendHorizontal } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/error-text';
import { ComposerLinkPreview, useComposerLink } from '../link-previews';
import { useMentionAutocomplete } from '../mentions';
import { SUBMIT_COMMENT_FAILED, useAddCommentMutation } from './api';
import { useTranslation } from 'react-i18next';

const MAX = LIMITS.commentContent.max;

export function CommentForm({ postId }: { postId: string }) {
  const { t } = useTranslation('posts');
  const me = useAppSelector((s) => s.auth.userDetails);
  const [addComment, { isLoading: sending, isError, error }] = useAddCommentMutation();
  const submitError = isError ? errorText(error, SUBMIT_COMMENT_FAILED) : null;
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ text, setText, inputRef });
  // The link whose card the author removed; another link gets its card again.
  const [removedLink, setRemovedLink] = useState<string | null>(null);
  const link = useComposerLink(text);
  const tooLong = text.length > MAX;
  const canSend = text.trim().length >= LIMITS.commentContent.min && !tooLong && !sending;

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    const commentContent = text.trim();
    const noPreview = removedLink !== null && firstLinkOf(commentContent) === removedLink;
    const result = await addComment({ postId, commentContent, noPreview });
    if ('data' in result) {
      setText('');
      setRemovedLink(null);
      inputRef.current?.focus();
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={(e) => void send(e)} className="flex items-start gap-2.5">
      <Avatar name={me?.fullName ?? '?'} id={me?._id ?? ''} src={me?.userImage} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="relative flex items-end gap-1 rounded-2xl border border-slate-200 bg-slate-50 py-1 pe-1 ps-3.5 focus-within:border-brand-primary focus-within:ring-2 focus-within:ring-brand-primary/20 dark:border-slate-700 dark:bg-slate-900">
          <textarea
            ref={inputRef}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              mention.track(e);
            }}
            {...mention.inputProps}
            onKeyDown={onKeyDown}
            rows={1}
            aria-label={t('comments.write')}
            aria-invalid={tooLong || undefined}
            placeholder={t('comments.placeholder')}
            className="field-sizing-content max-h-40 min-h-8 flex-1 resize-none bg-transparent py-1.5 text-sm outline-none placeholder:text-slate-400 focus-visible:outline-none dark:placeholder:text-slate-500"
          />
          <button
            type="submit"
            disabled={!canSend}
            aria-label={t('comments.send')}
            className="flex h-11 w-11 shrink-0 items-center sm:h-8 sm:w-8 justify-center rounded-full text-brand-primary transition hover:bg-brand-primary/10 disabled:text-slate-300 disabled:hover:bg-transparent dark:text-indigo-300 dark:disabled:text-slate-600"
          >
            {sending ? <Spinner size="sm" /> : <SendHorizontal className="h-4.5 w-4.5" />}
          </button>
          {mention.list}
          <span role="status" className="sr-only">
            {mention.status}
          </span>
        </div>
        <ComposerLinkPreview link={link} removed={link !== null && link === removedLink} onRemove={() => setRemovedLink(link)} compact />
        {(submitError || text.length > MAX * 0.9) && (
          <div className="mt-1 flex justify-between gap-2 px-1 text-xs">
            <span role={submitError ? 'alert' : undefined} className="text-rose-600 dark:text-rose-400">
              {submitError}
            </span>
            {text.length > MAX * 0.9 && <span className={tooLong ? 'text-rose-600' : 'text-amber-600'}>{`${text.length}/${MAX}`}</span>}
          </div>
        )}
      </div>
    </form>
  );
}
