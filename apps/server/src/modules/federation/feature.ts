/**
 * Builds the federation feature (FEDERATION=on): Plaza's people as ActivityPub actors others can find
 * and befriend, people of other servers found by handle, and friendships kept in step with the follows
 * of the other server (friendship-sync.ts). Off, it adds nothing: no endpoints, no lookups, no deliveries.
 */
import type { AppContext, Feature } from '../../context';
import type { ConnectionService } from '../people';
import { userRepo } from '../users';
import { registerActors } from './actors';
import { remoteDirectory, type RemoteDirectory } from './directory';
import { createPlazaFederation } from './fedify';
import { friendshipSync } from './friendship-sync';
import { registerInbox } from './inbox';
import { keyStore } from './keys';
import { mountFederation } from './mount';

/** Sweeps expired entries of Fedify's cache this often. */
const KV_SWEEP_MS = 60 * 60 * 1000;

export interface FederationParts {
  /** Null while federation is off. */
  directory: RemoteDirectory | null;
  /** Builds the feature once the people feature (whose friend requests it drives) exists. */
  feature(deps: { connections: ConnectionService }): Feature;
}

export function createFederation(ctx: AppContext): FederationParts {
  if (!ctx.config.federation) return { directory: null, feature: () => ({ name: 'federation' }) };
  const { federation, kv } = createPlazaFederation(ctx);
  const directory = remoteDirectory(ctx, federation);
  return {
    directory,
    feature({ connections }) {
      const users = userRepo(ctx.db);
      const sync = friendshipSync(ctx, federation, { connections, directory });
      registerActors(ctx, federation, keyStore(ctx.db));
      registerInbox(ctx, federation, { connections, directory, sync });
      const log = ctx.log.child({ part: 'federation' });
      return {
        name: 'federation',
        // Outside /api/v1: the addresses other servers expect.
        mount: (app) => mountFederation(app, federation, ctx.config.publicUrl),
        start() {
          const listening = new AbortController();
          void federation.startQueue(undefined, { signal: listening.signal });
          // A friendship changed here by someone of this server: tell the other server what differs.
          const stop = ctx.events.subscribe('friendshipChanged', async ({ userIds: [actorId, otherId] }) => {
            const [actor, other] = await users
              .findByIds([actorId, otherId])
              .then((rows) => [rows.find((r) => r.id === actorId), rows.find((r) => r.id === otherId)]);
            if (actor && other && !actor.remote_host && other.remote_host) await sync.reconcile(actorId, otherId);
          });
          const sweep = setInterval(() => {
            kv.sweep().catch((err: unknown) => log.warn({ err }, "could not sweep Fedify's expired cache entries"));
          }, KV_SWEEP_MS);
          sweep.unref();
          return () => {
            stop();
            clearInterval(sweep);
            listening.abort();
          };
        },
      };
    },
  };
}
