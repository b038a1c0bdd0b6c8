/**
 * Cuts a suspended person off at once: every session revoked (their access tokens fail on the next
 * request, refresh tokens are refused), and `accountSuspended` tells the realtime part to close their
 * sockets. The one call site of the auth feature's revocation for moderation.
 */
import type { AppContext } from '../../context';

export async function cutOff(ctx: AppContext, userId: string, until: string): Promise<void> {
  await ctx.auth.revokeAllSessions(userId);
  ctx.events.publish('accountSuspended', { userId, until });
}
