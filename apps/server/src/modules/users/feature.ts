/** Builds the users feature once per app: the signed-in user's account service and its routes. */
import type { AppContext, Feature } from '../../context';
import { accountLive } from './account-live';
import { accountRoutes } from './account-routes';
import { accountService, type AccountService } from './service';

export interface UsersFeature extends Feature {
  accounts: AccountService;
}

export function createUsersFeature(ctx: AppContext): UsersFeature {
  const accounts = accountService(ctx);
  return { name: 'account', routes: (app, c) => accountRoutes(app, c, { accounts }), realtime: accountLive(ctx.db, ctx.events), accounts };
}
