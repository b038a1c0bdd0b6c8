/**
 * Writes a post: text up to 5000 characters and up to four images (JPEG, PNG, WebP, GIF; 10 MB each) or
 * one video (MP4 or WebM, 50 MB; the server checks its length), checked before upload (picked-media.ts);
 * shows upload progress, and the stored post joins the cached lists.
 */
import { firstLinkOf, LIMITS } from '@plaza/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { ComposerLinkPreview, useComposerLink } from '../link-previews';
import { ChosenMedia } from './ChosenMedia';
import { ComposerText } from './ComposerText';
import { CharacterCount, ComposerProblems, UploadProgress } from './ComposerFeedback';
import { MediaButtons } from './MediaButtons';
import { PUBLISH_FAILED, useCreatePostMutation } from './mutations';
import { usePickedMedia } from './picked-media';

const MAX_CHARS = LIMITS.postContent.max;

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

  return (
    <form onSubmit={(e) => void publish(e)} aria-label={t('composer.form')} className="card p-4">
      <div className="flex gap-3">
        <Avatar name={me?.fullName ?? '?'} id={me?._id ?? ''} src={me?.userImage} size="md" />
        <ComposerText
          text={text}
          setText={setText}
          disabled={sending}
          invalid={tooLong}
          placeholder={firstName ? t('composer.promptNamed', { name: firstName }) : t('composer.prompt')}
        />
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

      <ComposerProblems problems={problems} />
      {progress !== null && <UploadProgress progress={progress} />}

      <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3 dark:border-slate-700/70">
        <MediaButtons media={media} disabled={sending} />
        <div className="flex items-center gap-3">
          <CharacterCount length={text.length} max={MAX_CHARS} />
          <Button type="submit" size="sm" disabled={!canPost} loading={sending} className="px-5">
            {sending ? t('composer.posting') : t('composer.post')}
          </Button>
        </div>
      </div>
    </form>
  );
}
