/**
 * The row of stories at the top of the feed: your own "Add story" bubble first, then everyone with live
 * stories, ringed while something is new. Opens the create dialog and the full-screen viewer.
 */
import type { StoryGroup } from '@plaza/contract';
import { ChevronLeft, ChevronRight, Plus, RotateCw } from 'lucide-react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../components/lazy-dialog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { FETCH_FALLBACK, useStoriesQuery } from './api';
import { useStoriesLive } from './live';
import { StoryRing } from './StoryRing';
import { useRowScroll } from './use-row-scroll';
import { openGroup } from './viewer-actions';

// Loaded when first opened: neither is part of the feed's first render.
const CreateStoryDialog = lazyDialog(() => import('./CreateStoryDialog').then((m) => m.CreateStoryDialog));
const StoryViewer = lazyDialog(() => import('./StoryViewer').then((m) => m.StoryViewer));

/** Coming back to the tab after this long fetches again: stories come and go within a day. */
const REFETCH_AFTER_MS = 60_000;

const NO_GROUPS: StoryGroup[] = [];

export function StoriesBar() {
  const { t } = useTranslation('feed');
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.auth.userDetails);
  const { data: groupedStories = NO_GROUPS, isLoading, isError, isSuccess, error, refetch, fulfilledTimeStamp } = useStoriesQuery();
  useStoriesLive();
  const [creating, setCreating] = useState(false);
  const viewing = useAppSelector((s) => s.storyViewer.activeStoryId !== null);
  const { scroller, canScroll, measure, scrollBy } = useRowScroll(`${groupedStories.length} ${isLoading} ${isError}`);
  useRefetchWhenVisible(refetch, fulfilledTimeStamp);

  const own = groupedStories.find((g) => g.user._id === me?._id);
  const others = groupedStories.filter((g) => g.user._id !== me?._id);
  const firstLoad = isLoading;
  const errorText = error?.message ?? FETCH_FALLBACK.message;
  const arrow =
    'absolute top-1/2 z-10 hidden -translate-y-1/2 rounded-full border border-slate-200 bg-white/95 p-1.5 text-slate-700 shadow-md transition hover:bg-white md:block dark:border-slate-600 dark:bg-slate-800/95 dark:text-slate-200 dark:hover:bg-slate-700';

  return (
    <section aria-label={t('stories.region')} className="card relative mb-4 py-3">
      {canScroll.back && (
        <button onClick={() => scrollBy(-1)} aria-label={t('stories.scrollBack')} className={`${arrow} start-2`}>
          <ChevronLeft className="h-5 w-5" />
        </button>
      )}
      {canScroll.forward && (
        <button onClick={() => scrollBy(1)} aria-label={t('stories.scrollForward')} className={`${arrow} end-2`}>
          <ChevronRight className="h-5 w-5" />
        </button>
      )}

      <div
        ref={scroller}
        onScroll={measure}
        className="flex items-start gap-2 overflow-x-auto scroll-smooth px-3 [scrollbar-width:none] sm:px-4 [&::-webkit-scrollbar]:hidden"
      >
        {me && (
          <OwnBubble
            name={me.fullName}
            id={me._id}
            image={me.userImage}
            group={own}
            onAdd={() => setCreating(true)}
            onOpen={() => own && dispatch(openGroup(own.user._id))}
          />
        )}

        {firstLoad && <BubbleSkeletons />}

        {isError && <StoriesError message={errorText} onRetry={() => void refetch()} />}

        {!firstLoad &&
          !isError &&
          others.map((group) => (
            <Bubble
              key={group.user._id}
              label={group.user.fullName}
              spoken={t(group.hasUnviewed ? 'stories.ofNew' : 'stories.of', { name: group.user.fullName })}
              onClick={() => dispatch(openGroup(group.user._id))}
            >
              <StoryRing unviewed={group.hasUnviewed}>
                <Avatar name={group.user.fullName} id={group.user._id} src={group.user.userImage} size="lg" decorative />
              </StoryRing>
            </Bubble>
          ))}

        {isSuccess && others.length === 0 && (
          <p className="flex min-h-[92px] max-w-64 items-center px-2 text-sm text-slate-500 dark:text-slate-400">{t('stories.empty')}</p>
        )}
      </div>

      <Suspense fallback={null}>
        {creating && <CreateStoryDialog open onClose={() => setCreating(false)} />}
        {viewing && <StoryViewer />}
      </Suspense>
    </section>
  );
}

/** Coming back to the tab a while after the last fetch fetches again. */
function useRefetchWhenVisible(refetch: () => unknown, fulfilledTimeStamp: number | undefined) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - (fulfilledTimeStamp ?? 0) < REFETCH_AFTER_MS) return;
      void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch, fulfilledTimeStamp]);
}

function StoriesError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('feed');
  return (
    <div role="alert" className="flex min-h-[92px] flex-1 flex-col items-start justify-center gap-1 px-2 text-sm">
      <p className="font-semibold text-rose-700 dark:text-rose-300">{FETCH_FALLBACK.error}</p>
      {message && message !== FETCH_FALLBACK.error && <p className="text-slate-500 dark:text-slate-400">{message}</p>}
      <button
        onClick={onRetry}
        className="inline-flex items-center gap-1 font-semibold text-brand-primary hover:underline dark:text-indigo-300"
      >
        <RotateCw className="h-3.5 w-3.5" /> {t('stories.retry')}
      </button>
    </div>
  );
}

interface BubbleProps {
  label: string;
  /** What a screen reader says instead of the label, never shown: "Stories of Ann, new". */
  spoken?: string;
  onClick: () => void;
  children: ReactNode;
}

/** Named by its content, which holds the visible label (the avatar is decorative), never by an aria-label that could drift from it. */
function Bubble({ label, spoken, onClick, children }: BubbleProps) {
  return (
    <button
      onClick={onClick}
      className="group flex w-[80px] shrink-0 flex-col items-center gap-1.5 rounded-xl pt-0.5 pb-1 focus-visible:outline-2"
    >
      <span className="transition group-hover:scale-[1.04] group-active:scale-95">{children}</span>
      <span className="sr-only">{spoken ?? label}</span>
      <span aria-hidden="true" className="w-full truncate text-center text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </span>
    </button>
  );
}

interface OwnBubbleProps {
  name: string;
  id: string;
  image: string | null;
  group: StoryGroup | undefined;
  onAdd: () => void;
  onOpen: () => void;
}

/** Without stories the whole bubble adds one; with stories the avatar opens them and the + adds another. */
function OwnBubble({ name, id, image, group, onAdd, onOpen }: OwnBubbleProps) {
  const { t } = useTranslation('feed');
  const badge =
    'absolute end-0 bottom-0 flex h-6 w-6 items-center justify-center rounded-full bg-brand-primary text-white ring-[3px] ring-white dark:ring-brand-surface-dark';
  if (!group) {
    return (
      <Bubble label={t('stories.add')} onClick={onAdd}>
        <span className="relative inline-flex p-[5px]">
          <Avatar name={name} id={id} src={image} size="lg" decorative />
          <span className={badge}>
            <Plus className="h-4 w-4" strokeWidth={3} />
          </span>
        </span>
      </Bubble>
    );
  }
  return (
    <div className="relative flex w-[80px] shrink-0 flex-col items-center">
      <Bubble label={t('stories.yours')} spoken={t('stories.openYours')} onClick={onOpen}>
        <StoryRing unviewed={group.hasUnviewed}>
          <Avatar name={name} id={id} src={image} size="lg" decorative />
        </StoryRing>
      </Bubble>
      <button onClick={onAdd} aria-label={t('stories.add')} className={`${badge} end-1.5 bottom-6 transition hover:scale-110`}>
        <Plus className="h-4 w-4" strokeWidth={3} />
      </button>
    </div>
  );
}

function BubbleSkeletons() {
  const { t } = useTranslation('feed');
  return (
    <div className="flex gap-2" aria-label={t('stories.loading')} role="status">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex w-[80px] shrink-0 flex-col items-center gap-2 pt-0.5">
          <span className="h-[74px] w-[74px] animate-pulse rounded-full skeleton" />
          <span className="h-2.5 w-12 animate-pulse rounded skeleton" />
        </div>
      ))}
    </div>
  );
}
