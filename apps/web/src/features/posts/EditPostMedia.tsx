/** The images or the video of a post being edited, each with its button to take it off (or keep it after all). */
import type { Post } from '@plaza/contract';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface EditPostMediaProps {
  media: Post['media'];
  /** The URLs of the media to take off. */
  removed: string[];
  setRemoved: (update: (removed: string[]) => string[]) => void;
}

export function EditPostMedia({ media, removed, setRemoved }: EditPostMediaProps) {
  const { t } = useTranslation('posts');
  if (media.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t(media.some((m) => m.type === 'video') ? 'edit.video' : 'edit.images')}>
      {media.map((m, i) => {
        const gone = removed.includes(m.url);
        const video = m.type === 'video';
        return (
          <li key={m.url} className="relative">
            {m.status ? (
              // No poster yet (or ever): nothing to show but its place.
              <div role="img" aria-label={t('edit.video')} className={`h-20 w-20 rounded-lg bg-slate-800 ${gone ? 'opacity-30' : ''}`} />
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
  );
}
