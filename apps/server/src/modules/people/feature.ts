/** Builds the people feature once per app: network, profiles, user search, friend requests and suggestions. */
import type { AppContext, Feature } from '../../context';
import { connectionLive } from './connection-live';
import { connectionRoutes } from './connection-routes';
import { connectionService, type ConnectionService } from './connection-service';
import { networkService } from './network-service';
import { requestService } from './request-service';
import { profileService, type ProfileCounts } from './profile-service';
import { peopleRoutes } from './routes';
import { searchService } from './search-service';

export interface PeopleFeature extends Feature {
  connections: ConnectionService;
}

/** Finds people of other servers by handle (the federation feature's directory); null while federation is off. */
export interface RemotePeople {
  isRemoteQuery(query: string): boolean;
  resolve(query: string): Promise<string | null>;
}

export function createPeopleFeature(ctx: AppContext, deps: { counts: ProfileCounts; remote: RemotePeople | null }): PeopleFeature {
  const connections = connectionService(ctx);
  const network = networkService(ctx);
  const profiles = profileService(ctx, deps.counts);
  const search = searchService(ctx, deps.remote);
  const requests = requestService(ctx);
  return {
    name: 'people',
    routes: async (app, c) => {
      await peopleRoutes(app, c, { network, profiles, search });
      await connectionRoutes(app, c, { connections, requests });
    },
    realtime: connectionLive(ctx.events),
    connections,
  };
}
