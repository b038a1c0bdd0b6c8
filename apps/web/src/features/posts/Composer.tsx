/**
 * Writes a post: text up to 5000 characters and up to four images (JPEG, PNG, WebP, GIF; 10 MB each) or
 * one video (MP4 or WebM, 50 MB; the server checks its length), checked before upload (picked-media.ts);
 * shows upload progress, and the stored post joins the cached lists.
 */
import { firstLinkOf, LIMITS } from '@plaza/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { ComposerLinkPreview, useComposerLink } from '../link-previews';
import { useMentionAutocomplete } from '../mentions';
import { ChosenMedia } from './ChosenMedia';
import { MediaButtons } from './MediaButtons';
import { PUBLISH_FAILED, useCreatePostMutation } from './mutations';
import { usePickedMedia } from './picked-media';

const MAX_CHARS = LIMITS.postContent.max;

// Long: kept whole on purpose: split into parts, the feed's first load grew past its JavaScript budget (js-budget.spec.ts).
export function Composer() {
  const { t } = useTranslation('feed');
  const [createPost] = useCreatePostMutation();
  const me = useAppSelector((s) => s.auth.userDetails);
  const [text, setText] = useState('');
  const media = usePickedMedia();
  const { images, video, problems, setProblems } = media;
  const [progress, setProgress] = useState<number | null>(null);
  // The link whose card the author removed; another link gets its card again.
  const [removedLink, setRemovedLink] = useState<string | null>(null);
  const link = useComposerLink(text);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ text, setText, inputRef: textRef });
  const textId = useId();
  const sending = progress !== null;
  const tooLong = text.length > MAX_CHARS;
  const canPost = !sending && !tooLong && (text.trim().length > 0 || images.length > 0 || video !== null);
  const firstName = me?.fullName.split(' ')[0] || me?.userName || '';

  async function publish(e: FormEvent) {
    e.preventDefault();
    if (!canPost) return;
    setProblems([]);
    setProgress(0);
    try {
      const content = text.trim();
      const noPreview = removedLink !== null && firstLinkOf(content) === removedLink;
      await createPost({ content, images: images.map((i) => i.file), video: video?.file, noPreview, onProgress: setProgress }).unwrap();
      media.clear();
      setText('');
      setRemovedLink(null);
      toast.success(t('composer.published'));
    } catch (err) {
      setProblems([errorText(err, PUBLISH_FAILED)]);
    } finally {
      setProgress(null);
    }
  }

  const counterColor = tooLong
    ? 'text-rose-600 dark:text-rose-400'
    : text.length > MAX_CHARS * 0.9
      ? 'text-amber-700 dark:text-amber-400'
      : 'text-slate-600 dark:text-slate-400';

  return (
    <form onSubmit={(e) => void publish(e)} aria-label={t('composer.form')} className="card p-4">
      <div className="flex gap-3">
        <Avatar name={me?.fullName ?? '?'} id={me?._id ?? ''} src={me?.userImage} size="md" />
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
            // Ctrl/Cmd+Enter posts; Enter alone keeps breaking lines.
            onKeyDown={(e) => {
              if (mention.onKeyDown(e)) return;
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            disabled={sending}
            rows={2}
            aria-invalid={tooLong || undefined}
            placeholder={firstName ? t('composer.promptNamed', { name: firstName }) : t('composer.prompt')}
            className="field-sizing-content max-h-80 min-h-16 w-full resize-none bg-transparent py-2 text-[15px] outline-none placeholder:text-slate-400 focus-visible:outline-none disabled:opacity-60 dark:placeholder:text-slate-500"
          />
          {mention.list}
          <span role="status" className="sr-only">
            {mention.status}
          </span>
        </div>
      </div>

      <ChosenMedia media={media} disabled={sending} />

      {/* A post's own images or video take the place of the card, as on the post itself. */}
      {images.length === 0 && !video && (
        <ComposerLinkPreview
          link={link}
          removed={link !== null && link === removedLink}
          onRemove={() => setRemovedLink(link)}
          disabled={sending}
        />
      )}

      {problems.length > 0 && (
        <ul
          role="alert"
          className="mt-3 space-y-1 rounded-xl border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-200"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {sending && (
        <div
          role="progressbar"
          aria-label={t('composer.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((progress ?? 0) * 100)}
          className="mt-3 h-1.5 overflow-hidden rounded-full skeleton"
        >
          <div className="h-full bg-brand-primary transition-all" style={{ width: `${Math.max(4, (progress ?? 0) * 100)}%` }} />
        </div>
      )}

      <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3 dark:border-slate-700/70">
        <MediaButtons media={media} disabled={sending} />
        <div className="flex items-center gap-3">
          {/* The count is read with the field, not on every keystroke; only going over the limit is announced. */}
          <span className={`text-xs tabular-nums ${counterColor}`}>{`${text.length}/${MAX_CHARS}`}</span>
          <span role="status" className="sr-only">
            {tooLong ? t('composer.tooLong', { count: MAX_CHARS }) : ''}
          </span>
          <Button type="submit" size="sm" disabled={!canPost} loading={sending} className="px-5">
            {sending ? t('composer.posting') : t('composer.post')}
          </Button>
        </div>
      </div>
    </form>
  );
}
