/** The foot of a story: its caption, and for its owner the button that opens who watched it. */
import type { Story } from '@plaza/contract';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function StoryCaption({ story, isOwner, onShowViewers }: { story: Story; isOwner: boolean; onShowViewers: () => void }) {
  const { t } = useTranslation('stories');
  const viewCount = story.viewCount ?? 0;
  if (!story.caption && !isOwner) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 bg-linear-to-t from-black/75 via-black/35 to-transparent px-4 pt-14 pb-5">
      {story.caption && <p className="text-[15px] leading-snug break-words whitespace-pre-line text-white drop-shadow">{story.caption}</p>}
      {isOwner && (
        <button
          onClick={onShowViewers}
          aria-label={t('views', { count: viewCount })}
          className="pointer-events-auto mt-3 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5 text-sm font-medium text-white backdrop-blur transition hover:bg-white/25"
        >
          <Eye className="h-4 w-4" /> {viewCount}
        </button>
      )}
    </div>
  );
}
