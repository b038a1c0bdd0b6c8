/** Reactions: six kinds; a person may hold several kinds on one post, each once. Toggling flips one kind. */
import { REACTION_TYPES, REACTION_USERS_SHOWN, type PublicUser, type ReactionType, type ReactionsResponse } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { ConflictError } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { notifier } from '../notifications/service';
import { notificationTexts } from '../posts/notification-texts';
import { reactionCountsOf, totalOf, type ReactionCounters } from '../posts/reaction-columns';
import { postRepo } from '../posts/repo';
import { timelineRepo } from '../posts/timeline-repo';
import { presentPublicUser } from '../users/presenters';
import { userRepo } from '../users/repo';
import { reactionRepo } from './repo';
import { existingPost, postGone } from '../posts/post-lookup';

export interface ToggleOutcome {
  action: 'added' | 'removed';
  totalReactions: number;
}

export function reactionService(ctx: AppContext) {
  const posts = postRepo(ctx.db);
  const users = userRepo(ctx.db);
  const notifications = notifier(ctx);

  const loadPost = (postId: string) => existingPost(posts, postId);

  return {
    async toggle(userId: string, postId: string, kind: ReactionType): Promise<ToggleOutcome> {
      const post = await loadPost(postId);
      let outcome: { action: ToggleOutcome['action']; counters: ReactionCounters | undefined };
      try {
        outcome = await ctx.db.transaction().execute(async (trx) => {
          const repo = reactionRepo(trx);
          // The row, the counter and the reader's mark on their timeline change together. A concurrent
          // toggle of the same kind may land between the first two statements; another round then sees
          // its result and flips it back.
          for (let round = 0; round < 3; round++) {
            const action = (await repo.remove(postId, userId, kind))
              ? 'removed'
              : (await repo.add(postId, userId, kind, nowIso()))
                ? 'added'
                : null;
            if (!action) continue;
            const counters = await repo.bumpCounter(postId, kind, action === 'added' ? 1 : -1);
            await timelineRepo(trx).markReaction(userId, postId, kind, action === 'added');
            return { action, counters };
          }
          throw new ConflictError('This reaction changed meanwhile. Please try again.');
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw postGone();
        throw err;
      }
      if (!outcome.counters) throw postGone();
      ctx.events.publish('postChanged', { postId });
      if (outcome.action === 'added' && post.author_id !== userId) {
        const actor = await users.findById(userId);
        await notifications.notify({
          recipientId: post.author_id,
          actorId: userId,
          type: 'post_reaction',
          entityId: postId,
          text: notificationTexts.reaction(actor?.full_name ?? 'Someone', kind),
        });
      }
      return { action: outcome.action, totalReactions: totalOf(reactionCountsOf(outcome.counters)) };
    },

    /** Counts per kind with the latest people of each, and what the caller holds. */
    async summary(userId: string, postId: string): Promise<Omit<ReactionsResponse, 'success'>> {
      const post = await loadPost(postId);
      const repo = reactionRepo(ctx.db);
      const [latest, mine] = await Promise.all([repo.latestPerKind(postId, REACTION_USERS_SHOWN), repo.kindsOf(postId, userId)]);
      const people = new Map((await users.findByIds([...new Set(latest.map((r) => r.user_id))])).map((u) => [u.id, presentPublicUser(u)]));
      const counts = reactionCountsOf(post);
      const reactions = Object.fromEntries(
        REACTION_TYPES.map((kind) => {
          const shown = latest.filter((r) => r.kind === kind).flatMap((r) => people.get(r.user_id) ?? []);
          return [kind, { count: counts[kind], users: shown satisfies PublicUser[] }];
        }),
      ) as ReactionsResponse['reactions'];
      return { reactions, totalReactions: totalOf(counts), currentUserReactions: mine };
    },
  };
}
