/**
 * A post's reaction summary; opening it lists who reacted, by kind. Every post with reactions shows one,
 * so the popover (Headless UI) is loaded on the first open: until then the summary is a plain button.
 */
import { REACTION_EMOJI, REACTION_TYPES, type Post } from '@plaza/contract';
import { Suspense, useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { useTranslation } from 'react-i18next';

const WhoReactedPopover = lazyDialog(() => import('./WhoReactedPopover').then((m) => m.WhoReactedPopover));

const buttonClass =
  'inline-flex items-center gap-1.5 rounded-full px-1.5 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

export function WhoReacted({ post }: { post: Post }) {
  const { t } = useTranslation('posts');
  const [opened, setOpened] = useState(false);
  const counts = post.reactionCounts;
  const total = post.totalReactions;
  if (total === 0) return <span className="text-sm text-slate-500 dark:text-slate-400">{t('reactions.none')}</span>;

  const used = REACTION_TYPES.filter((k) => counts[k] > 0).sort((a, b) => counts[b] - counts[a]);
  const face = (
    <>
      <span aria-hidden="true" className="flex -space-x-1">
        {used.slice(0, 3).map((k) => (
          <span
            key={k}
            className="flex h-6 w-6 items-center justify-center rounded-full bg-white text-sm ring-2 ring-white dark:bg-slate-800 dark:ring-brand-surface-dark"
          >
            {REACTION_EMOJI[k]}
          </span>
        ))}
      </span>
      <span className="tabular-nums">{total}</span>
    </>
  );
  const plain = (
    <div className="relative">
      <button
        type="button"
        aria-label={t('reactions.whoReacted', { count: total })}
        aria-expanded={false}
        className={buttonClass}
        onClick={() => setOpened(true)}
      >
        {face}
      </button>
    </div>
  );
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <WhoReactedPopover post={post} face={face} buttonClass={buttonClass} />
    </Suspense>
  );
}
