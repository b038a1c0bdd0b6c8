/** The lists of pending friend requests: the ones waiting for the caller's answer, and the ones the caller is waiting on. */
import type { FriendRequestsQuery, FriendRequestUser, Pagination } from '@plaza/contract';
import type { AppContext } from '../../context';
import { offsetOf, pageInfo } from '../../lib/pagination';
import { presentPublicUser } from '../users';
import { requestRepo } from './request-repo';

export function requestService(ctx: AppContext) {
  const repo = requestRepo(ctx.db);
  return {
    async list(
      me: string,
      { direction, page, limit }: FriendRequestsQuery,
    ): Promise<{ data: FriendRequestUser[]; pagination: Pagination }> {
      const [rows, total] = await Promise.all([repo.page(me, direction, limit, offsetOf(page, limit)), repo.count(me, direction)]);
      return {
        data: rows.map(({ requested_at, ...user }) => ({ ...presentPublicUser(user), requestedAt: requested_at })),
        pagination: pageInfo(page, limit, total),
      };
    },
  };
}
export type RequestService = ReturnType<typeof requestService>;
