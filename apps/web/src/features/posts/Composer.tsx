/**
 * Writes a post: text up to 5000 characters and up to four images (JPEG, PNG, WebP, GIF; 10 MB each) or
 * one video (MP4 or WebM, 50 MB; the server checks its length), checked here before upload; shows upload
 * progress, and the stored post joins the cached lists.
 */
import { firstLinkOf, LIMITS, VIDEO_LIMITS } from '@plaza/contract';
import { Film, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { withSniffedType } from '../../lib/media-sniff';
import { ComposerLinkPreview, useComposerLink } from '../link-previews';
import { useMentionAutocomplete } from '../mentions';
import { PUBLISH_FAILED, useCreatePostMutation } from './mutations';
import { useTranslation } from 'react-i18next';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm'];
const MAX_CHARS = LIMITS.postContent.max;
const MAX_IMAGES = LIMITS.postImages;
const MAX_MB = LIMITS.imageBytes / (1024 * 1024);
const MAX_VIDEO_MB = LIMITS.videoBytes / (1024 * 1024);

interface Picked {
  file: File;
  preview: string;
}

/** Which of the chosen files may join the post, and why the others may not. */
export function checkImages(files: File[], alreadyPicked: number): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!ACCEPTED_TYPES.includes(file.type)) problems.push(`${file.name} is not a JPEG, PNG, WebP or GIF image.`);
    else if (file.size > LIMITS.imageBytes) problems.push(`${file.name} is larger than ${MAX_MB} MB.`);
    else if (alreadyPicked + accepted.length >= MAX_IMAGES) problems.push(`A post can have at most ${MAX_IMAGES} images.`);
    else accepted.push(file);
  }
  return { accepted, problems: [...new Set(problems)] };
}

/** Why a chosen video may not join the post, or null when it may (the server checks its length and codecs). */
export function checkVideo(file: File): string | null {
  if (!VIDEO_TYPES.includes(file.type)) return `${file.name} is not an MP4 or WebM video.`;
  if (file.size > LIMITS.videoBytes) return `${file.name} is larger than ${MAX_VIDEO_MB} MB.`;
  return null;
}

export function Composer() {
  const { t } = useTranslation('feed');
  const [createPost] = useCreatePostMutation();
  const me = useAppSelector((s) => s.auth.userDetails);
  const [text, setText] = useState('');
  const [images, setImages] = useState<Picked[]>([]);
  const [video, setVideo] = useState<Picked | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // The link whose card the author removed; another link gets its card again.
  const [removedLink, setRemovedLink] = useState<string | null>(null);
  const link = useComposerLink(text);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ text, setText, inputRef: textRef });
  const videoRef = useRef<HTMLInputElement>(null);
  const pickedRef = useRef({ images, video });
  pickedRef.current = { images, video };
  const textId = useId();
  const sending = progress !== null;
  const tooLong = text.length > MAX_CHARS;
  const canPost = !sending && !tooLong && (text.trim().length > 0 || images.length > 0 || video !== null);
  const firstName = me?.fullName.split(' ')[0] || me?.userName || '';

  useEffect(
    () => () =>
      [...pickedRef.current.images, ...(pickedRef.current.video ? [pickedRef.current.video] : [])].forEach((i) =>
        URL.revokeObjectURL(i.preview),
      ),
    [],
  );

  // Types come from the files' first bytes: a text file named .png is refused here, not previewed as a broken image.
  async function pick(list: FileList | null) {
    const chosen = [...(list ?? [])];
    if (fileRef.current) fileRef.current.value = '';
    const { accepted, problems: found } = checkImages(await Promise.all(chosen.map(withSniffedType)), images.length);
    setProblems(found);
    setImages((current) => [...current, ...accepted.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  }

  async function pickVideo(list: FileList | null) {
    const chosen = list?.[0];
    if (videoRef.current) videoRef.current.value = '';
    if (!chosen) return;
    const file = await withSniffedType(chosen);
    const problem = checkVideo(file);
    setProblems(problem ? [problem] : []);
    if (problem) return;
    setVideo((current) => {
      if (current) URL.revokeObjectURL(current.preview);
      return { file, preview: URL.createObjectURL(file) };
    });
  }

  function unpickVideo() {
    setVideo((current) => {
      if (current) URL.revokeObjectURL(current.preview);
      return null;
    });
    setProblems([]);
  }

  function unpick(index: number) {
    setImages((current) => {
      URL.revokeObjectURL(current[index].preview);
      return current.filter((_, i) => i !== index);
    });
    setProblems([]);
  }

  async function publish(e: FormEvent) {
    e.preventDefault();
    if (!canPost) return;
    setProblems([]);
    setProgress(0);
    try {
      const content = text.trim();
      const noPreview = removedLink !== null && firstLinkOf(content) === removedLink;
      await createPost({ content, images: images.map((i) => i.file), video: video?.file, noPreview, onProgress: setProgress }).unwrap();
      [...images, ...(video ? [video] : [])].forEach((i) => URL.revokeObjectURL(i.preview));
      setImages([]);
      setVideo(null);
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

      {images.length > 0 && (
        <ul
          className={`mt-3 grid gap-2 ${images.length === 1 ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-4'}`}
          aria-label={t('composer.chosenImages')}
        >
          {images.map((img, i) => (
            <li key={img.preview} className="group relative overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
              <img
                src={img.preview}
                alt={t('composer.chosenImage', { n: i + 1, name: img.file.name })}
                className={`w-full object-cover ${images.length === 1 ? 'max-h-72' : 'aspect-square'}`}
              />
              <button
                type="button"
                onClick={() => unpick(i)}
                disabled={sending}
                aria-label={t('composer.removeImage', { n: i + 1 })}
                className="absolute top-1.5 end-1.5 rounded-full bg-slate-900/70 p-1.5 text-white backdrop-blur hover:bg-slate-900"
              >
                <X className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {video && (
        <div className="relative mt-3 overflow-hidden rounded-xl bg-black">
          <video
            src={video.preview}
            controls
            muted
            playsInline
            aria-label={t('composer.chosenVideo', { name: video.file.name })}
            className="max-h-72 w-full"
          />
          <button
            type="button"
            onClick={unpickVideo}
            disabled={sending}
            aria-label={t('composer.removeVideo')}
            className="absolute top-1.5 end-1.5 rounded-full bg-slate-900/70 p-1.5 text-white backdrop-blur hover:bg-slate-900"
          >
            <X className="h-3.5 w-3.5" />
          </button>
        </div>
      )}

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
        <div className="flex items-center gap-1">
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            multiple
            hidden
            aria-label={t('composer.chooseImages')}
            onChange={(e) => void pick(e.target.files)}
          />
          <button
            type="button"
            onClick={() => fileRef.current?.click()}
            disabled={sending || images.length >= MAX_IMAGES || video !== null}
            // The name holds what is shown ("Photo", "1/4"), as speech input needs.
            aria-label={images.length > 0 ? t('composer.addPhotoCounted', { n: images.length, max: MAX_IMAGES }) : t('composer.addPhoto')}
            title={t('composer.addPhotoHint', { count: MAX_IMAGES })}
            className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-emerald-700 hover:bg-emerald-50 disabled:opacity-50 dark:text-emerald-400 dark:hover:bg-emerald-950/40"
          >
            <ImagePlus className="h-5 w-5" />
            <span className="hidden sm:inline">{t('composer.photo')}</span>
            {images.length > 0 && <span className="text-xs text-slate-500 dark:text-slate-400">{`${images.length}/${MAX_IMAGES}`}</span>}
          </button>
          <input
            ref={videoRef}
            type="file"
            accept={VIDEO_TYPES.join(',')}
            hidden
            aria-label={t('composer.chooseVideo')}
            onChange={(e) => void pickVideo(e.target.files)}
          />
          <button
            type="button"
            onClick={() => videoRef.current?.click()}
            disabled={sending || images.length > 0 || video !== null}
            aria-label={t('composer.addVideo')}
            title={t('composer.addVideoHint', { mb: MAX_VIDEO_MB, seconds: VIDEO_LIMITS.maxDurationSeconds })}
            className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-sky-700 hover:bg-sky-50 disabled:opacity-50 dark:text-sky-400 dark:hover:bg-sky-950/40"
          >
            <Film className="h-5 w-5" />
            <span className="hidden sm:inline">{t('composer.video')}</span>
          </button>
        </div>
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
