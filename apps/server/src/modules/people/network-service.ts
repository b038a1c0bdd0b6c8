/** The network list (every other user with the caller's connection status) and suggested users. */
import type { NetworkQuery, NetworkUser, PageQuery, Pagination, SuggestedUser, NetworkPagination } from '@plaza/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { notHidden } from '../safety';
import { searchRepo, userRepo } from '../users';
import { connectionRepo } from './connection-repo';
import { friendIdsQuery } from './friendships';
import { presentNetworkUser, presentSuggestedUser } from './presenters';
import { otherOf, statusFor } from './status';
import { suggestionRepo } from './suggestion-repo';

/**
 * Friends of friends ranked at most; a user with more is rare, and the rest still show up later
 * among the recent users.
 */
const MAX_FRIENDS_OF_FRIENDS = 1000;

export function networkService(ctx: AppContext) {
  const users = userRepo(ctx.db);
  const connections = connectionRepo(ctx.db);
  const search = searchRepo(ctx.db, ctx.dialect);
  const suggestions = suggestionRepo(ctx.db);

  return {
    async network(viewerId: string, query: NetworkQuery): Promise<{ users: NetworkUser[]; pagination: NetworkPagination }> {
      const { page, limit } = query;
      const visible = notHidden(ctx.db, 'users.id', viewerId, nowIso());
      // The Friends tab: the same list, only among the viewer's friends.
      const only =
        query.connection === 'friends'
          ? sql<boolean>`${visible} and ${sql.ref('users.id')} in ${friendIdsQuery(ctx.db, viewerId)}`
          : // Everyone else: the people of this server; people of other servers are listed only as friends.
            sql<boolean>`${visible} and ${sql.ref('users.remote_host')} is null`;
      const { rows, total } = await search.networkPage(viewerId, query.search || undefined, offsetOf(page, limit), limit, only);
      const links = await connections.findBetween(
        viewerId,
        rows.map((r) => r.id),
      );
      const linkWith = new Map(links.map((l) => [otherOf(viewerId, l), l]));
      const { total: totalUsers, ...info } = pageInfo(page, limit, total);
      return {
        users: rows.map((r) => presentNetworkUser(r, statusFor(viewerId, linkWith.get(r.id)))),
        pagination: { ...info, totalUsers },
      };
    },

    async suggestions(viewerId: string, { page, limit }: PageQuery): Promise<{ suggestions: SuggestedUser[]; pagination: Pagination }> {
      const [ranked, total] = await Promise.all([
        suggestions.friendsOfFriends(viewerId, MAX_FRIENDS_OF_FRIENDS),
        suggestions.countEligible(viewerId),
      ]);
      const offset = offsetOf(page, limit);
      const fromRanked = ranked.slice(offset, offset + limit);
      const recent =
        fromRanked.length < limit
          ? await suggestions.recentUsers(
              viewerId,
              ranked.map((r) => r.id),
              Math.max(0, offset - ranked.length),
              limit - fromRanked.length,
            )
          : [];
      const rankedRows = new Map((await users.findByIds(fromRanked.map((r) => r.id))).map((u) => [u.id, u]));
      const list = [
        ...fromRanked.flatMap((r) => {
          const row = rankedRows.get(r.id);
          return row ? [presentSuggestedUser(row, Number(r.mutual))] : [];
        }),
        ...recent.map((row) => presentSuggestedUser(row, 0)),
      ];
      return { suggestions: list, pagination: pageInfo(page, limit, total) };
    },
  };
}
export type NetworkService = ReturnType<typeof networkService>;
