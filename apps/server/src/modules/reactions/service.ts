/** Reactions: six kinds; a person may hold several kinds on one post, each once. Toggling flips one kind. */
import {
  REACTION_TYPES,
  REACTION_USERS_SHOWN,
  type PublicUser,
  type ReactionCounts,
  type ReactionType,
  type ReactionsResponse,
} from '@plaza/contract';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { ConflictError } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import type { PostsApi } from '../posts';
import { assertCanInteract, notHidden } from '../safety';
import { presentPublicUser, userRepo } from '../users';
import { reactionRepo } from './repo';

export interface ToggleOutcome {
  action: 'added' | 'removed';
  totalReactions: number;
}

export function reactionService(ctx: AppContext, posts: PostsApi) {
  const users = userRepo(ctx.db);

  return {
    async toggle(userId: string, postId: string, kind: ReactionType): Promise<ToggleOutcome> {
      const post = await posts.existing(postId);
      await assertCanInteract(ctx.db, userId, post.authorId, nowIso());
      let outcome: { action: ToggleOutcome['action']; counts: ReactionCounts | undefined };
      try {
        outcome = await ctx.db.transaction().execute(async (trx) => {
          const repo = reactionRepo(trx);
          // The row, the post's counter and the reader's mark on their timeline change together. A
          // concurrent toggle of the same kind may land between the first two statements; another round
          // then sees its result and flips it back.
          for (let round = 0; round < 3; round++) {
            const action = (await repo.remove(postId, userId, kind))
              ? 'removed'
              : (await repo.add(postId, userId, kind, nowIso()))
                ? 'added'
                : null;
            if (!action) continue;
            const counts = await posts.bumpReactionCount(trx, postId, kind, action === 'added' ? 1 : -1);
            await posts.markReaction(trx, userId, postId, kind, action === 'added');
            return { action, counts };
          }
          throw new ConflictError('This reaction changed meanwhile. Please try again.');
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw posts.gone();
        throw err;
      }
      if (!outcome.counts) throw posts.gone();
      ctx.events.publish('postChanged', { postId });
      if (outcome.action === 'added') ctx.events.publish('reactionAdded', { postId, postAuthorId: post.authorId, actorId: userId, kind });
      return { action: outcome.action, totalReactions: posts.totalOf(outcome.counts) };
    },

    /** Counts per kind with the latest people of each (none hidden from the caller), and what the caller holds. */
    async summary(userId: string, postId: string): Promise<Omit<ReactionsResponse, 'success'>> {
      const post = await posts.existing(postId);
      const repo = reactionRepo(ctx.db);
      const [latest, mine] = await Promise.all([
        repo.latestPerKind(postId, REACTION_USERS_SHOWN, notHidden(ctx.db, 'user_id', userId, nowIso())),
        repo.kindsOf(postId, userId),
      ]);
      const people = new Map((await users.findByIds([...new Set(latest.map((r) => r.user_id))])).map((u) => [u.id, presentPublicUser(u)]));
      const reactions = Object.fromEntries(
        REACTION_TYPES.map((kind) => {
          const shown = latest.filter((r) => r.kind === kind).flatMap((r) => people.get(r.user_id) ?? []);
          return [kind, { count: post.reactionCounts[kind], users: shown satisfies PublicUser[] }];
        }),
      ) as ReactionsResponse['reactions'];
      return { reactions, totalReactions: post.totalReactions, currentUserReactions: mine };
    },
  };
}
export type ReactionService = ReturnType<typeof reactionService>;
