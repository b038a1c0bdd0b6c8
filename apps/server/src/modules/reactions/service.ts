/**
 * Reactions: six kinds; a person may hold several kinds on one post, each once. Toggling flips one kind.
 * Identical toggles that overlap in time (a double submit, a client retrying a request still under way:
 * any that arrived before the other one's answer was ready) are one toggle: they share its answer, so
 * they never flip the reaction back nor fail with a conflict (docs/decisions/reaction-toggles.md).
 */
import {
  REACTION_TYPES,
  REACTION_USERS_SHOWN,
  type PublicUser,
  type ReactionCounts,
  type ReactionType,
  type ReactionsResponse,
} from '@plaza/contract';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import { markWritten, type KeyedWrite } from '../../idempotency/keyed-write';
import { ConflictError, sentence } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import type { PostsPort } from './posts-port';
import { assertCanInteract, notHidden } from '../safety';
import { presentPublicUser, userRepo } from '../users';
import { reactionRepo } from './repo';

export interface ToggleOutcome {
  action: 'added' | 'removed';
  totalReactions: number;
}

// Long: a service; each method is short and shares the toggles under way kept here.
export function reactionService(ctx: AppContext, posts: PostsPort) {
  const users = userRepo(ctx.db);
  // Toggles under way in this process, by person, post and kind; and the last ones finished, with when.
  const underway = new Map<string, Promise<ToggleOutcome>>();
  const finished = new LRUCache<string, { at: number; outcome: ToggleOutcome }>({ max: 10_000, ttl: 60_000 });

  async function toggleNow(userId: string, postId: string, kind: ReactionType, write: KeyedWrite | null): Promise<ToggleOutcome> {
    const post = await posts.existing(postId);
    await assertCanInteract(ctx.db, userId, post.authorId, nowIso());
    let outcome: { action: ToggleOutcome['action']; counts: ReactionCounts | undefined };
    try {
      outcome = await ctx.db.transaction().execute(async (trx) => {
        // Toggles of one kind by one person through other processes wait for each other here, so each
        // sees the last one's result (SQLite runs one write transaction at a time anyway).
        if (ctx.dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext(${`reaction:${userId}:${postId}:${kind}`}))`.execute(trx);
        }
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
          // The key remembers which way this toggle went: a repeat answers it instead of flipping back.
          await markWritten(trx, write, action);
          const counts = await posts.bumpReactionCount(trx, postId, kind, action === 'added' ? 1 : -1);
          await posts.markReaction(trx, userId, postId, kind, action === 'added');
          if (counts && action === 'added') {
            await ctx.events.record(trx, 'reactionAdded', { postId, postAuthorId: post.authorId, actorId: userId, kind });
          }
          return { action, counts };
        }
        throw new ConflictError(sentence('error.reaction.changed'));
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw posts.gone();
      throw err;
    }
    if (!outcome.counts) throw posts.gone();
    ctx.events.publish('feedPagesChanged', { readerIds: [userId] });
    ctx.events.publish('postChanged', { postId });
    ctx.events.publish('postCountsChanged', { postId, actorId: userId });
    if (outcome.action === 'removed') ctx.events.publish('reactionRemoved', { postId, postAuthorId: post.authorId, actorId: userId, kind });
    return { action: outcome.action, totalReactions: posts.totalOf(outcome.counts) };
  }

  return {
    /**
     * `arrivedAt`: when the request came in (`performance.now()`); an identical toggle answered after that is
     * this one too. `write`: the request's key; when an earlier attempt with it toggled, its way is the answer.
     */
    async toggle(
      userId: string,
      postId: string,
      kind: ReactionType,
      arrivedAt = performance.now(),
      write: KeyedWrite | null = null,
    ): Promise<ToggleOutcome> {
      if (write?.result === 'added' || write?.result === 'removed') {
        return { action: write.result, totalReactions: (await posts.existing(postId)).totalReactions };
      }
      const key = `${userId} ${postId} ${kind}`;
      const running = underway.get(key);
      if (running) return running;
      const last = finished.get(key);
      if (last && last.at > arrivedAt) return last.outcome;
      const run = toggleNow(userId, postId, kind, write)
        .then((outcome) => {
          finished.set(key, { at: performance.now(), outcome });
          return outcome;
        })
        .finally(() => underway.delete(key));
      underway.set(key, run);
      return run;
    },

    /**
     * Holds or takes back one kind as the person's own server says they did (a Like from another server,
     * modules/federation): unlike a toggle, repeating it changes nothing.
     */
    async set(userId: string, postId: string, kind: ReactionType, held: boolean): Promise<void> {
      const holds = (await reactionRepo(ctx.db).kindsOf(postId, userId)).includes(kind);
      if (holds !== held) await toggleNow(userId, postId, kind, null);
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
