/** Profiles: the caller's own, and another user's as the caller sees it. */
import type { ConnectionStatus, ProfileStats } from '@plaza/contract';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { isHiddenFrom } from '../safety';
import { userRepo, type UserRow } from '../users';
import { connectionRepo } from './connection-repo';
import { statusFor } from './status';

/** What profiles count that other features keep: a person's posts (the posts feature's count). */
export interface ProfileCounts {
  postsBy(userId: string): Promise<number>;
}

export function profileService(ctx: AppContext, counts: ProfileCounts) {
  const users = userRepo(ctx.db);
  const connections = connectionRepo(ctx.db);
  const profiles = {
    async stats(userId: string): Promise<ProfileStats> {
      const [posts, friends] = await Promise.all([counts.postsBy(userId), connections.countFriends(userId)]);
      return { posts, friends };
    },
  };

  /** `{authUser}` in a path must name the caller (case-insensitively). */
  async function caller(viewerId: string, authUser: string): Promise<UserRow> {
    const me = await users.findById(viewerId);
    if (!me) throw new NotFoundError(sentence('error.account.gone'));
    if (authUser.toLowerCase() !== me.user_name_lower) throw new ForbiddenError(sentence('error.user.otherPath'));
    return me;
  }

  return {
    async own(viewerId: string, authUser: string): Promise<{ user: UserRow; stats: ProfileStats }> {
      const me = await caller(viewerId, authUser);
      return { user: me, stats: await profiles.stats(me.id) };
    },

    async visited(
      viewerId: string,
      authUser: string,
      userName: string,
    ): Promise<{ user: UserRow; stats: ProfileStats; connectionStatus: ConnectionStatus; mutualFriends: number }> {
      await caller(viewerId, authUser);
      const user = await users.findByUserName(userName);
      if (!user || (await isHiddenFrom(ctx.db, viewerId, user.id, nowIso()))) throw new NotFoundError(sentence('error.user.noSuchName'));
      if (user.id === viewerId) return { user, stats: await profiles.stats(user.id), connectionStatus: 'not_connected', mutualFriends: 0 };
      const [stats, link, mutualFriends] = await Promise.all([
        profiles.stats(user.id),
        connections.find(viewerId, user.id),
        connections.countMutualFriends(viewerId, user.id),
      ]);
      return { user, stats, connectionStatus: statusFor(viewerId, link), mutualFriends };
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;
