/**
 * Builds the federation feature (FEDERATION=on): Plaza's people as ActivityPub actors others can find
 * and befriend, people of other servers found by handle, and friendships kept in step with the follows
 * of the other server (friendship-sync.ts), their posts, comments and reactions sent to and taken from
 * their friends there (post-sync.ts, comment-sync.ts, post-inbox.ts), and their profiles kept current
 * there (profile-sync.ts), and their chats with friends there as direct Notes (chat-sync.ts, chat-inbox.ts).
 * Off, it adds nothing: no endpoints, no lookups, no deliveries, and Fedify is never loaded (federated.ts
 * holds the parts that need it).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { instanceRoutes } from './instance-routes';
import { instancesService } from './instances-service';
import type { FederationParts } from './parts';

export async function createFederation(ctx: AppContext): Promise<FederationParts> {
  const instancesAdmin = instancesService(ctx);
  const routes = (app: FastifyInstance) => instanceRoutes(app, ctx, { instances: instancesAdmin });
  if (!ctx.config.federation) return { directory: null, feature: () => ({ name: 'federation', routes }) };
  const { federatedParts } = await import('./federated');
  return federatedParts(ctx, routes);
}
