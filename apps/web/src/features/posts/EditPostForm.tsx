/** Editing one's own post in place: the text, and images or the video to take off (product.md § Posts). */
import { LIMITS, type Post } from '@plaza/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { EditPostMedia } from './EditPostMedia';
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
      <EditPostMedia media={post.media} removed={removed} setRemoved={setRemoved} />
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
