/** The six reactions of a post with their counts; the reader's own are highlighted and toggle on click. */
import { REACTION_EMOJI, REACTION_TYPES, type Post, type ReactionType } from '@plaza/contract';
import { toast } from '../../lib/toast';
import { errorText, wasCanceled } from '../../lib/error-text';
import { REACT_FAILED, REMOVE_REACTION_FAILED, useReactToPostMutation } from './api';
import { useTranslation } from 'react-i18next';

/** One kind: its own mutation, so a second click on it waits for the first while the others stay free. */
function ReactionButton({ post, kind }: { post: Post; kind: ReactionType }) {
  const { t } = useTranslation('posts');
  const [react, { isLoading }] = useReactToPostMutation();
  const active = post.currentUserReactions.includes(kind);
  const count = post.reactionCounts[kind];

  async function toggle() {
    // Busy, not disabled: a disabled button would drop keyboard focus to the page.
    if (isLoading) return;
    try {
      await react({ postId: post._id, reactionType: kind, removing: active }).unwrap();
    } catch (failure) {
      if (!wasCanceled(failure)) toast.error(errorText(failure, active ? REMOVE_REACTION_FAILED : REACT_FAILED));
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-busy={isLoading || undefined}
      aria-pressed={active}
      aria-label={t('reactions.counted', { kind: t(`reactions.${kind}`), count })}
      title={t(`reactions.${kind}`)}
      className={`inline-flex h-11 min-w-11 items-center sm:h-8 sm:min-w-10 justify-center gap-1 rounded-full border px-2.5 text-sm transition active:scale-95 aria-busy:cursor-wait ${
        active
          ? 'border-brand-primary/40 bg-brand-primary/10 font-semibold text-brand-primary dark:border-indigo-400/40 dark:bg-indigo-400/15 dark:text-indigo-200'
          : 'border-slate-200 text-slate-600 hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800'
      }`}
    >
      <span aria-hidden="true" className="text-base leading-none">
        {REACTION_EMOJI[kind]}
      </span>
      {count > 0 && <span className="tabular-nums">{count}</span>}
    </button>
  );
}

export function ReactionBar({ post }: { post: Post }) {
  const { t } = useTranslation('posts');
  return (
    <div role="group" aria-label={t('reactions.group')} className="flex flex-wrap gap-1.5">
      {REACTION_TYPES.map((kind) => (
        <ReactionButton key={kind} post={post} kind={kind} />
      ))}
    </div>
  );
}
