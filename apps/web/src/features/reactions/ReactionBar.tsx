/** The six reactions of a post with their counts; the reader's own are highlighted and toggle on click. */
import { REACTION_EMOJI, REACTION_TYPES, type Post, type ReactionType } from '@plaza/contract';
import { toast } from 'sonner';
import { useAppDispatch } from '../../app/hooks';
import { errorText, wasCanceled } from '../posts/errorText';
import { REACTION_LABELS } from './labels';
import { addReaction, REACT_FAILED, REMOVE_REACTION_FAILED, removeReaction } from './reactionsSlice';
import { usePostReactions } from './usePostReactions';

export function ReactionBar({ post }: { post: Post }) {
  const dispatch = useAppDispatch();
  const { counts, mine, pendingKinds, seed } = usePostReactions(post);

  async function toggle(kind: ReactionType) {
    const removing = mine.includes(kind);
    const thunk = removing ? removeReaction : addReaction;
    const result = await dispatch(thunk({ postId: post._id, reactionType: kind, seed }));
    if (thunk.rejected.match(result) && !wasCanceled(result.payload)) {
      toast.error(errorText(result.payload, removing ? REMOVE_REACTION_FAILED : REACT_FAILED));
    }
  }

  return (
    <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1.5">
      {REACTION_TYPES.map((kind) => {
        const active = mine.includes(kind);
        const count = counts[kind];
        return (
          <button
            key={kind}
            type="button"
            onClick={() => void toggle(kind)}
            disabled={pendingKinds.includes(kind)}
            aria-pressed={active}
            aria-label={`${REACTION_LABELS[kind]} (${count})`}
            title={REACTION_LABELS[kind]}
            className={`inline-flex h-8 min-w-10 items-center justify-center gap-1 rounded-full border px-2.5 text-sm transition active:scale-95 disabled:cursor-wait ${
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
      })}
    </div>
  );
}
