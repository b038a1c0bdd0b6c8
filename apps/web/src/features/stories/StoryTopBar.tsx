/**
 * The top of a story: one progress bar per story of the person (the current one filling), who posted it
 * and when, and the controls — sound for a video, pause, delete (the owner) or report, close.
 */
import type { Story, StoryGroup } from '@plaza/contract';
import { Flag, Pause, Play, Trash2, Volume2, VolumeX, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { spelledAge } from '../../lib/dates';

interface StoryTopBarProps {
  story: Story;
  group: StoryGroup;
  index: number;
  /** How far the current story is, 0 to 1. */
  progress: number;
  isOwner: boolean;
  muted: boolean;
  pausedByUser: boolean;
  onToggleMuted: () => void;
  onTogglePaused: () => void;
  onDelete: () => void;
  onReport: () => void;
  onClose: () => void;
}

const iconButton = 'pointer-events-auto rounded-full p-2 text-white/90 transition hover:bg-white/15 hover:text-white';

export function StoryTopBar(props: StoryTopBarProps) {
  const { story, group, index, progress, isOwner, muted, pausedByUser } = props;
  const { t } = useTranslation('stories');
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-10 bg-linear-to-b from-black/70 via-black/30 to-transparent px-3 pt-3 pb-10">
      <div className="flex gap-1" aria-hidden="true">
        {group.stories.map((s, i) => (
          <span key={s._id} className="h-[3px] flex-1 overflow-hidden rounded-full bg-white/35">
            <span
              className={`block h-full rounded-full bg-white ${story.mediaType === 'video' && i === index ? 'transition-[width] duration-300 ease-linear' : ''}`}
              style={{ width: `${i < index ? 100 : i === index ? progress * 100 : 0}%` }}
            />
          </span>
        ))}
      </div>
      <div
        role="progressbar"
        aria-label={t('progress', { n: index + 1, total: group.stories.length })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        className="sr-only"
      />
      <div className="mt-3 flex items-center gap-2.5">
        <Avatar name={story.user.fullName} id={story.user._id} src={story.user.userImage} size="sm" className="ring-2 ring-white/30" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white">{isOwner ? t('yours') : story.user.fullName}</p>
          <p className="text-xs text-white/70">
            <time dateTime={story.createdAt}>{spelledAge(story.createdAt)}</time>
          </p>
        </div>
        <div className="ms-auto flex shrink-0 items-center">
          {story.mediaType === 'video' && (
            <button className={iconButton} onClick={props.onToggleMuted} aria-label={muted ? t('unmute') : t('mute')}>
              {muted ? <VolumeX className="h-5 w-5" /> : <Volume2 className="h-5 w-5" />}
            </button>
          )}
          <button className={iconButton} onClick={props.onTogglePaused} aria-label={pausedByUser ? t('play') : t('pause')}>
            {pausedByUser ? <Play className="h-5 w-5" /> : <Pause className="h-5 w-5" />}
          </button>
          {isOwner ? (
            <button className={iconButton} onClick={props.onDelete} aria-label={t('delete')}>
              <Trash2 className="h-5 w-5" />
            </button>
          ) : (
            <button className={iconButton} onClick={props.onReport} aria-label={t('report')}>
              <Flag className="h-5 w-5" />
            </button>
          )}
          <button className={iconButton} onClick={props.onClose} aria-label={t('close')}>
            <X className="h-6 w-6" />
          </button>
        </div>
      </div>
    </div>
  );
}
