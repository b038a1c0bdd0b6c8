/** Editing one's own post in place: the text, and images or the video to take off (product.md § Posts). */
import { LIMITS, type Post } from '@plaza/contract';
import { X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { EDIT_POST_FAILED, useUpdatePostMutation } from './mutations';
import { useTranslation } from 'react-i18next';

interface EditPostFormProps {
  post: Post;
  onDone: () => void;
}

export function EditPostForm({ post, onDone }: EditPostFormProps) {
  const { t } = useTranslation('posts');
  const [text, setText] = useState(post.content);
  const [removed, setRemoved] = useState<string[]>([]);
  const [updatePost, { isLoading }] = useUpdatePostMutation();
  const kept = post.media.filter((m) => !removed.includes(m.url));
  const trimmed = text.trim();
  const tooLong = trimmed.length > LIMITS.postContent.max;
  const empty = trimmed === '' && kept.length === 0;
  const unchanged = trimmed === post.content && removed.length === 0;
  const textId = `edit-${post._id}`;

  async function save() {
    const result = await updatePost({
      postId: post._id,
      ...(trimmed !== post.content ? { content: trimmed } : {}),
      ...(removed.length > 0 ? { removeMedia: removed } : {}),
    });
    if ('error' in result) toast.error(errorText(result.error, EDIT_POST_FAILED));
    else {
      toast.success(t('edit.updated'));
      onDone();
    }
  }

  return (
    <form
      className="space-y-3 px-4 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={textId} className="sr-only">
        {t('edit.text')}
      </label>
      <textarea
        id={textId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        autoFocus
        aria-invalid={tooLong || undefined}
        className="field-sizing-content max-h-80 min-h-20 w-full resize-none rounded-xl border border-slate-200 bg-transparent p-3 text-[15px] outline-none focus:border-brand-primary dark:border-slate-600"
      />
      {post.media.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t(post.media.some((m) => m.type === 'video') ? 'edit.video' : 'edit.images')}>
          {post.media.map((m, i) => {
            const gone = removed.includes(m.url);
            const video = m.type === 'video';
            return (
              <li key={m.url} className="relative">
                {m.status ? (
                  // No poster yet (or ever): nothing to show but its place.
                  <div
                    role="img"
                    aria-label={t('edit.video')}
                    className={`h-20 w-20 rounded-lg bg-slate-800 ${gone ? 'opacity-30' : ''}`}
                  />
                ) : (
                  <img
                    src={m.thumbUrl}
                    alt={video ? t('edit.poster') : t('edit.image', { n: i + 1 })}
                    className={`h-20 w-20 rounded-lg object-cover ${gone ? 'opacity-30 grayscale' : ''}`}
                  />
                )}
                <button
                  type="button"
                  onClick={() => setRemoved((r) => (gone ? r.filter((u) => u !== m.url) : [...r, m.url]))}
                  aria-label={
                    video ? t(gone ? 'edit.keepVideo' : 'edit.removeVideo') : t(gone ? 'edit.keepImage' : 'edit.removeImage', { n: i + 1 })
                  }
                  aria-pressed={gone}
                  className="absolute -top-2 -end-2 rounded-full bg-slate-900/80 p-1 text-white hover:bg-slate-900"
                >
                  <X className="h-3.5 w-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex items-center justify-end gap-2">
        {tooLong && <p className="me-auto text-sm text-rose-600">{t('edit.tooLong', { count: LIMITS.postContent.max })}</p>}
        {empty && <p className="me-auto text-sm text-rose-600">{t('edit.empty')}</p>}
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={isLoading}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={isLoading} disabled={tooLong || empty || unchanged}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
