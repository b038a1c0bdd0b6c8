/**
 * The full-screen story player: one progress bar per story of the person on screen, photos for 5 s and
 * videos to their end, tap or arrow keys to move, hold or hover to pause, Esc or a swipe down to close.
 * The owner also sees who watched and may delete.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Story, StoryGroup } from '@plaza/contract';
import { Eye, Flag, Pause, Play, Trash2, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { spelledAge } from '../../lib/dates';
import { DeleteStoryConfirm } from './DeleteStoryConfirm';
import { StoryStepButton } from './StoryStepButton';
import { deleteStory, selectActiveGroup, selectActiveStory, showNextStory, showPreviousStory, watchStory } from './viewer-actions';
import { viewerClosed } from './viewerSlice';
import { ViewersSheet } from './ViewersSheet';
import { ReportDialog } from '../safety';

export const IMAGE_DURATION_MS = 5000;
const TICK_MS = 50;
/** A press shorter than this that barely moves is a tap; anything longer only paused. */
const TAP_MAX_MS = 350;
const TAP_MAX_MOVE_PX = 12;
const SWIPE_CLOSE_PX = 90;

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
  const dispatch = useAppDispatch();
  const storyId = story._id;
  const index = group.stories.findIndex((s) => s._id === storyId);

  // Per-story state is keyed by the story id, so moving on starts from zero without an extra render.
  const [progress, setProgress] = useState({ id: storyId, value: 0 });
  const [readyId, setReadyId] = useState<string | null>(null);
  const [failedId, setFailedId] = useState<string | null>(null);
  const [held, setHeld] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [muted, setMuted] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [dragY, setDragY] = useState(0);
  const [replays, setReplays] = useState(0);
  const elapsed = useRef(0);
  const press = useRef<{ x: number; y: number; at: number } | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  const ready = readyId === storyId;
  const paused = held || hovered || pausedByUser || overlay !== 'none' || deleting;
  const shownProgress = progress.id === storyId ? progress.value : 0;

  const next = () => dispatch(showNextStory());
  const previous = () => {
    if (dispatch(showPreviousStory())) return;
    // At the very first story, going back replays it.
    elapsed.current = 0;
    setProgress({ id: storyId, value: 0 });
    if (videoRef.current) videoRef.current.currentTime = 0;
    setReplays((n) => n + 1);
  };
  const close = () => dispatch(viewerClosed());

  useEffect(() => {
    elapsed.current = 0;
    void dispatch(watchStory(storyId)).then((failure) => {
      if (failure) toast.error(failure.message);
    });
  }, [dispatch, storyId]);

  // Photos: a 5 s clock that only runs while the photo is on screen and nothing pauses it.
  useEffect(() => {
    if (story.mediaType !== 'image' || paused || !ready) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      elapsed.current += now - last;
      last = now;
      if (elapsed.current >= IMAGE_DURATION_MS) {
        clearInterval(timer);
        dispatch(showNextStory());
      } else {
        setProgress({ id: storyId, value: elapsed.current / IMAGE_DURATION_MS });
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [dispatch, storyId, story.mediaType, paused, ready, replays]);

  // Videos: the element's own clock, paused and resumed with the story.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || story.mediaType !== 'video') return;
    if (paused) {
      video.pause();
      return;
    }
    const playing = video.play() as Promise<void> | undefined;
    playing?.catch?.((err: unknown) => {
      // Browsers refuse sound without a gesture; muted playback is always allowed.
      if (err instanceof DOMException && err.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        setMuted(true);
        void video.play()?.catch(() => {});
      }
    });
  }, [storyId, story.mediaType, paused]);

  // Subscribed anew on every render so the keys always act on the story now on screen.
  useEffect(() => {
    if (overlay !== 'none') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') next();
      else if (e.key === 'ArrowLeft') previous();
      else if (e.key === ' ') setPausedByUser((p) => !p);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    press.current = { x: e.clientX, y: e.clientY, at: Date.now() };
    setHeld(true);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (press.current) setDragY(Math.max(0, e.clientY - press.current.y));
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const start = press.current;
    press.current = null;
    setHeld(false);
    setDragY(0);
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (dy > SWIPE_CLOSE_PX && dy > Math.abs(dx)) return close();
    if (Date.now() - start.at > TAP_MAX_MS || Math.hypot(dx, dy) > TAP_MAX_MOVE_PX) return;
    const rect = e.currentTarget.getBoundingClientRect();
    if (e.clientX - rect.left < rect.width / 3) previous();
    else next();
  }

  function onPointerCancel() {
    press.current = null;
    setHeld(false);
    setDragY(0);
  }

  async function confirmDelete() {
    setDeleting(true);
    const failure = await dispatch(deleteStory(storyId));
    setDeleting(false);
    setOverlay('none');
    if (failure) toast.error(failure.message);
    else toast.success('Story deleted');
  }

  const viewCount = story.viewCount ?? 0;
  const iconButton = 'pointer-events-auto rounded-full p-2 text-white/90 transition hover:bg-white/15 hover:text-white';

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
        <DialogTitle className="sr-only">Stories of {story.user.fullName}</DialogTitle>

        <div className="absolute inset-0 flex items-center justify-center">
          {story.mediaType === 'image' ? (
            <>
              <img
                src={story.mediaUrl}
                alt=""
                aria-hidden="true"
                className="absolute inset-0 h-full w-full scale-110 object-cover opacity-40 blur-2xl"
              />
              <img
                key={storyId}
                src={story.mediaUrl}
                alt={story.caption ?? `Story of ${story.user.fullName}`}
                draggable={false}
                onLoad={() => setReadyId(storyId)}
                onError={() => {
                  setFailedId(storyId);
                  setReadyId(storyId);
                }}
                className="relative max-h-full max-w-full object-contain"
              />
            </>
          ) : (
            <video
              key={storyId}
              ref={videoRef}
              src={story.mediaUrl}
              poster={story.posterUrl ?? undefined}
              playsInline
              autoPlay
              muted={muted}
              aria-label={story.caption ?? `Story of ${story.user.fullName}`}
              onLoadedData={() => setReadyId(storyId)}
              onError={() => {
                setFailedId(storyId);
                setReadyId(storyId);
              }}
              onTimeUpdate={(e) => {
                const { currentTime, duration } = e.currentTarget;
                if (duration) setProgress({ id: storyId, value: currentTime / duration });
              }}
              onEnded={next}
              className="h-full w-full object-contain"
            />
          )}
          {!ready && (
            <span className="absolute text-white">
              <Spinner size="lg" />
            </span>
          )}
          {failedId === storyId && <p className="absolute px-8 text-center text-sm text-white/80">This story could not be loaded.</p>}
        </div>

        {/* Taps: left third back, the rest forward; holding pauses; dragging down closes. */}
        <div
          data-testid="story-tap-area"
          className="absolute inset-0"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onContextMenu={(e) => e.preventDefault()}
        />

        <div className="pointer-events-none absolute inset-x-0 top-0 z-10 bg-linear-to-b from-black/70 via-black/30 to-transparent px-3 pt-3 pb-10">
          <div className="flex gap-1" aria-hidden="true">
            {group.stories.map((s, i) => (
              <span key={s._id} className="h-[3px] flex-1 overflow-hidden rounded-full bg-white/35">
                <span
                  className={`block h-full rounded-full bg-white ${story.mediaType === 'video' && i === index ? 'transition-[width] duration-300 ease-linear' : ''}`}
                  style={{ width: `${i < index ? 100 : i === index ? shownProgress * 100 : 0}%` }}
                />
              </span>
            ))}
          </div>
          <div
            role="progressbar"
            aria-label={`Story ${index + 1} of ${group.stories.length}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(shownProgress * 100)}
            className="sr-only"
          />
          <div className="mt-3 flex items-center gap-2.5">
            <Avatar name={story.user.fullName} id={story.user._id} src={story.user.userImage} size="sm" className="ring-2 ring-white/30" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-white">{isOwner ? 'Your story' : story.user.fullName}</p>
              <p className="text-xs text-white/70">
                <time dateTime={story.createdAt}>{spelledAge(story.createdAt)}</time>
              </p>
            </div>
            <div className="ms-auto flex shrink-0 items-center">
              {story.mediaType === 'video' && (
                <button className={iconButton} onClick={() => setMuted((m) => !m)} aria-label={muted ? 'Unmute' : 'Mute'}>
                  {muted ? <VolumeX className="h-5 w-5" /> : <Volume2 className="h-5 w-5" />}
                </button>
              )}
              <button className={iconButton} onClick={() => setPausedByUser((p) => !p)} aria-label={pausedByUser ? 'Play' : 'Pause'}>
                {pausedByUser ? <Play className="h-5 w-5" /> : <Pause className="h-5 w-5" />}
              </button>
              {isOwner ? (
                <button className={iconButton} onClick={() => setOverlay('confirm')} aria-label="Delete story">
                  <Trash2 className="h-5 w-5" />
                </button>
              ) : (
                <button className={iconButton} onClick={() => setOverlay('report')} aria-label="Report story">
                  <Flag className="h-5 w-5" />
                </button>
              )}
              <button className={iconButton} onClick={close} aria-label="Close stories">
                <X className="h-6 w-6" />
              </button>
            </div>
          </div>
        </div>
        <ReportDialog target={overlay === 'report' ? { type: 'story', id: story._id } : null} onClose={() => setOverlay('none')} />

        {(story.caption || isOwner) && (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 bg-linear-to-t from-black/75 via-black/35 to-transparent px-4 pt-14 pb-5">
            {story.caption && (
              <p className="text-[15px] leading-snug break-words whitespace-pre-line text-white drop-shadow">{story.caption}</p>
            )}
            {isOwner && (
              <button
                onClick={() => setOverlay('viewers')}
                aria-label={`${viewCount} ${viewCount === 1 ? 'view' : 'views'}, see who viewed`}
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
