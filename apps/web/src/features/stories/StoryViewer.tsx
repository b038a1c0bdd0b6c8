/**
 * The full-screen story player: one progress bar per story of the person on screen, photos for 5 s and
 * videos to their end, tap or arrow keys to move, hold or hover to pause, Esc or a swipe down to close.
 * The owner also sees who watched and may delete.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Story, StoryGroup } from '@plaza/contract';
import { Eye } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arrowStep } from '../../lib/arrow-keys';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DeleteStoryConfirm } from './DeleteStoryConfirm';
import { StoryMedia } from './StoryMedia';
import { StoryStepButton } from './StoryStepButton';
import { StoryTopBar } from './StoryTopBar';
import { usePhotoClock } from './use-photo-clock';
import { useStoryGestures } from './use-story-gestures';
import { deleteStory, selectActiveGroup, selectActiveStory, showNextStory, showPreviousStory, watchStory } from './viewer-actions';
import { viewerClosed } from './viewerSlice';
import { ViewersSheet } from './ViewersSheet';
import './stories-catalog';
import { ReportDialog } from '../safety';

export { IMAGE_DURATION_MS } from './use-photo-clock';

type Overlay = 'none' | 'viewers' | 'confirm' | 'report';

export function StoryViewer() {
  const dispatch = useAppDispatch();
  const story = useAppSelector(selectActiveStory);
  const group = useAppSelector(selectActiveGroup);
  const myId = useAppSelector((s) => s.auth.userDetails?._id);
  const [overlay, setOverlay] = useState<Overlay>('none');
  const open = Boolean(story && group);

  useEffect(() => {
    if (!open) setOverlay('none');
  }, [open]);

  // Esc first closes what is open over the story, then the viewer.
  const onClose = () => (overlay !== 'none' ? setOverlay('none') : dispatch(viewerClosed()));

  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <div className="fixed inset-0 bg-black/95 sm:bg-black/85 sm:backdrop-blur-md" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center sm:p-4">
        {story && group && (
          <StoryPlayer story={story} group={group} isOwner={story.user._id === myId} overlay={overlay} setOverlay={setOverlay} />
        )}
      </div>
    </Dialog>
  );
}

interface PlayerProps {
  story: Story;
  group: StoryGroup;
  isOwner: boolean;
  overlay: Overlay;
  setOverlay: (overlay: Overlay) => void;
}

function StoryPlayer({ story, group, isOwner, overlay, setOverlay }: PlayerProps) {
  const { t } = useTranslation('stories');
  const dispatch = useAppDispatch();
  const storyId = story._id;
  const index = group.stories.findIndex((s) => s._id === storyId);

  // Per-story state is keyed by the story id, so moving on starts from zero without an extra render.
  const [progress, setProgress] = useState({ id: storyId, value: 0 });
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [failedId, setFailedId] = useState<string | null>(null);
  const [hovered, setHovered] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [muted, setMuted] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [restarts, setRestarts] = useState(0);
  const mutedByBrowser = useCallback(() => setMuted(true), []);

  const next = () => dispatch(showNextStory());
  const previous = () => {
    if (dispatch(showPreviousStory())) return;
    // At the very first story, going back replays it.
    setProgress({ id: storyId, value: 0 });
    setRestarts((n) => n + 1);
  };
  const close = () => dispatch(viewerClosed());
  const { held, dragY, handlers } = useStoryGestures({ back: previous, forward: next, close });

  const loaded = loadedId === storyId;
  const paused = held || hovered || pausedByUser || overlay !== 'none' || deleting;
  const shownProgress = progress.id === storyId ? progress.value : 0;
  usePhotoClock({
    storyId,
    running: story.mediaType === 'image' && loaded && !paused,
    restarts,
    onProgress: (value) => setProgress({ id: storyId, value }),
    onDone: next,
  });

  useEffect(() => {
    void dispatch(watchStory(storyId)).then((failure) => {
      if (failure) toast.error(failure.message);
    });
  }, [dispatch, storyId]);

  // Subscribed anew on every render so the keys always act on the story now on screen.
  useEffect(() => {
    if (overlay !== 'none') return;
    const onKey = (e: KeyboardEvent) => {
      // Right to left, ArrowLeft moves on: the keys follow the way the page is read.
      const step = arrowStep(e.key);
      if (step === 'next') next();
      else if (step === 'previous') previous();
      else if (e.key === ' ') setPausedByUser((p) => !p);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  async function confirmDelete() {
    setDeleting(true);
    const failure = await dispatch(deleteStory(storyId));
    setDeleting(false);
    setOverlay('none');
    if (failure) toast.error(failure.message);
    else toast.success(t('deleted'));
  }

  const viewCount = story.viewCount ?? 0;

  return (
    <DialogPanel
      className="relative flex h-full w-full items-center justify-center gap-4 sm:h-auto sm:w-auto"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
    >
      <StoryStepButton to="previous" onClick={previous} />

      <div
        className="relative h-full w-full touch-none overflow-hidden bg-black select-none sm:aspect-[9/16] sm:h-[min(90vh,860px)] sm:w-auto sm:rounded-2xl sm:shadow-2xl"
        style={
          dragY
            ? { transform: `translateY(${dragY}px) scale(${1 - Math.min(dragY, 400) / 2000})`, opacity: 1 - Math.min(dragY, 400) / 800 }
            : undefined
        }
      >
        <DialogTitle className="sr-only">{t('title', { name: story.user.fullName })}</DialogTitle>

        <StoryMedia
          story={story}
          paused={paused}
          muted={muted}
          restarts={restarts}
          loaded={loaded}
          failed={failedId === storyId}
          onLoaded={() => setLoadedId(storyId)}
          onFailed={() => {
            setFailedId(storyId);
            setLoadedId(storyId);
          }}
          onMutedByBrowser={mutedByBrowser}
          onVideoProgress={(value) => setProgress({ id: storyId, value })}
          onEnded={next}
        />

        {/* Taps: the first third back (the left one, or the right one right to left), the rest forward; holding pauses; dragging down closes. */}
        <div data-testid="story-tap-area" className="absolute inset-0" {...handlers} onContextMenu={(e) => e.preventDefault()} />

        <StoryTopBar
          story={story}
          group={group}
          index={index}
          progress={shownProgress}
          isOwner={isOwner}
          muted={muted}
          pausedByUser={pausedByUser}
          onToggleMuted={() => setMuted((m) => !m)}
          onTogglePaused={() => setPausedByUser((p) => !p)}
          onDelete={() => setOverlay('confirm')}
          onReport={() => setOverlay('report')}
          onClose={close}
        />
        <ReportDialog target={overlay === 'report' ? { type: 'story', id: story._id } : null} onClose={() => setOverlay('none')} />

        {(story.caption || isOwner) && (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 bg-linear-to-t from-black/75 via-black/35 to-transparent px-4 pt-14 pb-5">
            {story.caption && (
              <p className="text-[15px] leading-snug break-words whitespace-pre-line text-white drop-shadow">{story.caption}</p>
            )}
            {isOwner && (
              <button
                onClick={() => setOverlay('viewers')}
                aria-label={t('views', { count: viewCount })}
                className="pointer-events-auto mt-3 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5 text-sm font-medium text-white backdrop-blur transition hover:bg-white/25"
              >
                <Eye className="h-4 w-4" /> {viewCount}
              </button>
            )}
          </div>
        )}

        {overlay === 'viewers' && <ViewersSheet storyId={storyId} onClose={() => setOverlay('none')} />}
        {overlay === 'confirm' && (
          <DeleteStoryConfirm deleting={deleting} onCancel={() => setOverlay('none')} onConfirm={() => void confirmDelete()} />
        )}
      </div>

      <StoryStepButton to="next" onClick={next} />
    </DialogPanel>
  );
}
