/**
 * Tells a person's open sessions that their account changed elsewhere (their address confirmed by an
 * admin, their role changed from the command line), with the account as it is now: the menu, the
 * /admin page and the banner follow at once, without signing in again.
 */
import type { EventBus } from '../../lib/events';
import { userRoom, type RealtimeFeature } from '../../realtime/server';
import { presentSelfUser } from './presenters';
import { userRepo } from './repo';
import type { Db } from '../../db';

export function accountLive(db: Db, events: EventBus): RealtimeFeature {
  return {
    setup: (io) =>
      events.subscribe('accountChanged', async ({ userId }) => {
        const user = await userRepo(db).findById(userId);
        if (user && !user.deleted_at) io.to(userRoom(userId)).emit('userUpdate', { user: presentSelfUser(user) });
      }),
  };
}
