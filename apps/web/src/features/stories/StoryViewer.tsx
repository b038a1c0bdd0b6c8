/**
 * The full-screen story player: one progress bar per story of the person on screen, photos for 5 s and
 * videos to their end, tap or arrow keys to move, hold or hover to pause, Esc or a swipe down to close.
 * The owner also sees who watched and may delete.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Story, StoryGroup } from '@plaza/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DeleteStoryConfirm } from './DeleteStoryConfirm';
import { StoryCaption } from './StoryCaption';
import { StoryMedia } from './StoryMedia';
import { StoryStepButton } from './StoryStepButton';
import { StoryTopBar } from './StoryTopBar';
import { usePhotoClock } from './use-photo-clock';
import { draggedDownStyle, useStoryGestures } from './use-story-gestures';
import { useStoryDeletion, useWatchStory } from './use-story-server';
import { useStoryKeys } from './use-story-keys';
import { selectActiveGroup, selectActiveStory, showNextStory, showPreviousStory } from './viewer-actions';
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

  const progress = useStoryProgress(storyId);
  const media = useMediaLoad(storyId);
  const [hovered, setHovered] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [muted, setMuted] = useState(false);
  const mutedByBrowser = useCallback(() => setMuted(true), []);
  const { deleting, confirmDelete } = useStoryDeletion(storyId, () => setOverlay('none'));

  const next = () => dispatch(showNextStory());
  const previous = () => {
    if (dispatch(showPreviousStory())) return;
    // At the very first story, going back replays it.
    progress.replay();
  };
  const close = () => dispatch(viewerClosed());
  const { held, dragY, handlers } = useStoryGestures({ back: previous, forward: next, close });

  const paused = held || hovered || pausedByUser || overlay !== 'none' || deleting;
  usePhotoClock({
    storyId,
    running: story.mediaType === 'image' && media.loaded && !paused,
    restarts: progress.restarts,
    onProgress: progress.set,
    onDone: next,
  });

  useWatchStory(storyId);
  useStoryKeys({ enabled: overlay === 'none', next, previous, togglePaused: () => setPausedByUser((p) => !p) });

  return (
    <DialogPanel
      className="relative flex h-full w-full items-center justify-center gap-4 sm:h-auto sm:w-auto"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
    >
      <StoryStepButton to="previous" onClick={previous} />

      <div
        className="relative h-full w-full touch-none overflow-hidden bg-black select-none sm:aspect-[9/16] sm:h-[min(90vh,860px)] sm:w-auto sm:rounded-2xl sm:shadow-2xl"
        style={draggedDownStyle(dragY)}
      >
        <DialogTitle className="sr-only">{t('title', { name: story.user.fullName })}</DialogTitle>

        <StoryMedia
          story={story}
          paused={paused}
          muted={muted}
          restarts={progress.restarts}
          {...media}
          onMutedByBrowser={mutedByBrowser}
          onVideoProgress={progress.set}
          onEnded={next}
        />

        {/* Taps: the first third back (the left one, or the right one right to left), the rest forward; holding pauses; dragging down closes. */}
        <div data-testid="story-tap-area" className="absolute inset-0" {...handlers} onContextMenu={(e) => e.preventDefault()} />

        <StoryTopBar
          story={story}
          group={group}
          index={index}
          progress={progress.shown}
          isOwner={isOwner}
          muted={muted}
          pausedByUser={pausedByUser}
          onToggleMuted={() => setMuted((m) => !m)}
          onTogglePaused={() => setPausedByUser((p) => !p)}
          onDelete={() => setOverlay('confirm')}
          onReport={() => setOverlay('report')}
          onClose={close}
        />

        <StoryCaption story={story} isOwner={isOwner} onShowViewers={() => setOverlay('viewers')} />

        <StoryOverlays
          storyId={storyId}
          overlay={overlay}
          deleting={deleting}
          onConfirmDelete={() => void confirmDelete()}
          onClose={() => setOverlay('none')}
        />
      </div>

      <StoryStepButton to="next" onClick={next} />
    </DialogPanel>
  );
}

/** How far the story on screen has played, and how many times it was replayed from the start. */
function useStoryProgress(storyId: string) {
  // Keyed by the story id, so moving on starts from zero without an extra render.
  const [progress, setProgress] = useState({ id: storyId, value: 0 });
  const [restarts, setRestarts] = useState(0);
  return {
    shown: progress.id === storyId ? progress.value : 0,
    restarts,
    set: (value: number) => setProgress({ id: storyId, value }),
    replay: () => {
      setProgress({ id: storyId, value: 0 });
      setRestarts((n) => n + 1);
    },
  };
}

/** Whether the story on screen has loaded (or failed to: it then shows its failure and the clock runs). */
function useMediaLoad(storyId: string) {
  // Keyed by the story id, so moving on starts unloaded without an extra render.
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [failedId, setFailedId] = useState<string | null>(null);
  return {
    loaded: loadedId === storyId,
    failed: failedId === storyId,
    onLoaded: () => setLoadedId(storyId),
    onFailed: () => {
      setFailedId(storyId);
      setLoadedId(storyId);
    },
  };
}

interface OverlayProps {
  storyId: string;
  overlay: Overlay;
  deleting: boolean;
  onConfirmDelete: () => void;
  onClose: () => void;
}

/** What opens over the story: the report dialog, who watched it, or the question before deleting it. */
function StoryOverlays({ storyId, overlay, deleting, onConfirmDelete, onClose }: OverlayProps) {
  return (
    <>
      <ReportDialog target={overlay === 'report' ? { type: 'story', id: storyId } : null} onClose={onClose} />
      {overlay === 'viewers' && <ViewersSheet storyId={storyId} onClose={onClose} />}
      {overlay === 'confirm' && <DeleteStoryConfirm deleting={deleting} onCancel={onClose} onConfirm={onConfirmDelete} />}
    </>
  );
}
