/**
 * Blocking and muting. A block is one-sided to store and two-sided in effect (policy.ts): it ends a
 * friendship and any pending request between the two through the people feature, so its events
 * (timelines unlinked, request notifications withdrawn) run as for any other ending. A mute only hides.
 */
import type { ConnectionAction, ConnectionStatus, PageQuery, Pagination, PublicUser } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError, sentence } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { presentPublicUser, userRepo } from '../users';
import { canInteract } from './policy';
import { safetyRepo } from './repo';

/** What blocking needs of the people feature: how two people stand, and the step that ends it. */
export interface Connections {
  statusWith(me: string, targetId: string): Promise<ConnectionStatus>;
  act(me: string, action: ConnectionAction, targetId: string): Promise<unknown>;
}

/** The step that ends each kind of connection, as the blocker sees it. */
const ENDING: Partial<Record<ConnectionStatus, ConnectionAction>> = {
  friends: 'remove',
  request_sent: 'cancel',
  request_received: 'decline',
};

export function safetyService(ctx: AppContext, connections: Connections) {
  const repo = safetyRepo(ctx.db);
  const users = userRepo(ctx.db);

  async function other(me: string, userId: string): Promise<void> {
    if (me === userId) throw new BadRequestError(sentence('error.safety.self'), [{ path: 'userId', message: 'Choose someone else' }]);
    if (!(await users.exists(userId))) throw new NotFoundError(sentence('error.user.notFound'));
  }

  async function list(
    kind: 'block' | 'mute',
    me: string,
    { page, limit }: PageQuery,
  ): Promise<{ data: PublicUser[]; pagination: Pagination }> {
    const { rows, total } = await repo.page(kind, me, offsetOf(page, limit), limit);
    return { data: rows.map(presentPublicUser), pagination: pageInfo(page, limit, total) };
  }

  return {
    async block(me: string, userId: string): Promise<void> {
      await other(me, userId);
      await repo.add('block', me, userId, nowIso());
      // Before the answer: from then on, no server here lets the two reach each other (interaction-cache.ts).
      ctx.events.publish('blockChanged', { blockerId: me, blockedId: userId });
      const ending = ENDING[await connections.statusWith(me, userId)];
      if (ending) await connections.act(me, ending, userId);
    },

    async unblock(me: string, userId: string): Promise<void> {
      await repo.remove('block', me, userId);
      ctx.events.publish('blockChanged', { blockerId: me, blockedId: userId });
    },

    async mute(me: string, userId: string): Promise<void> {
      await other(me, userId);
      await repo.add('mute', me, userId, nowIso());
      ctx.events.publish('feedPagesChanged', { readerIds: [me] });
    },

    async unmute(me: string, userId: string): Promise<void> {
      await repo.remove('mute', me, userId);
      ctx.events.publish('feedPagesChanged', { readerIds: [me] });
    },

    blocks: (me: string, q: PageQuery) => list('block', me, q),
    mutes: (me: string, q: PageQuery) => list('mute', me, q),

    async relation(me: string, userId: string) {
      if (me !== userId && !(await users.exists(userId))) throw new NotFoundError(sentence('error.user.notFound'));
      const [blocked, blockedMe, muted, interact] = await Promise.all([
        repo.has('block', me, userId),
        repo.has('block', userId, me),
        repo.has('mute', me, userId),
        canInteract(ctx.db, me, userId, nowIso()),
      ]);
      // Their block is theirs to know: to the blocked person they answer as their profile does, like an
      // account that does not exist (an answer saying "stranger, but you cannot interact" told them).
      if (blockedMe && !blocked) throw new NotFoundError(sentence('error.user.notFound'));
      return { blocked, muted, canInteract: interact };
    },
  };
}
export type SafetyService = ReturnType<typeof safetyService>;
