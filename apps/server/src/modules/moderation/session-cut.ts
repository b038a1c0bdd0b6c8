/**
 * Cuts a suspended person off at once: the auth feature revokes every session (their access tokens fail
 * on the next request, refresh tokens are refused) and cuts their sockets on every node. The one call site
 * of that revocation for moderation.
 */
import type { AppContext } from '../../context';

export async function cutOff(ctx: AppContext, userId: string): Promise<void> {
  await ctx.auth.revokeAllSessions(userId, { reason: 'suspended' });
}
