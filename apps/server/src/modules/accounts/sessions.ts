/**
 * Ends every session of a person and cuts their sockets: the one place the account lifecycle does it
 * (a password reset, a deleted account), so it moves in one step when the auth feature offers this itself.
 */
import type { AppContext } from '../../context';

export async function endEverySession(ctx: AppContext, userId: string): Promise<void> {
  await ctx.auth.revokeAllSessions(userId);
  ctx.events.publish('sessionsEnded', { userId });
}
