/**
 * Federation switched on: the ActivityPub actors, the inbox, the lookups of other servers and the syncs
 * that keep friendships, posts, comments, reactions, profiles, blocks and chats in step with them.
 * Loaded by feature.ts only when FEDERATION is on, so a server without it never loads Fedify (tens of MB of heap).
 */
import type { AppContext, Feature } from '../../context';
import { userRepo } from '../users';
import { registerActors } from './actors';
import { blockSync } from './block-sync';
import { chatSync } from './chat-sync';
import { commentSync } from './comment-sync';
import { remoteDirectory } from './directory';
import { createPlazaFederation } from './fedify';
import { friendshipSync } from './friendship-sync';
import { registerInbox } from './inbox';
import { instancesRepo } from './instances-repo';
import { keyStore } from './keys';
import { mountFederation } from './mount';
import type { FederationParts } from './parts';
import { registerNotes } from './notes';
import { postSync } from './post-sync';
import { profileSync } from './profile-sync';

/** Sweeps expired entries of Fedify's cache this often. */
const KV_SWEEP_MS = 60 * 60 * 1000;

export function federatedParts(ctx: AppContext, routes: Feature['routes']): FederationParts {
  const { federation, kv } = createPlazaFederation(ctx);
  const directory = remoteDirectory(ctx, federation);
  return {
    directory,
    feature({ connections, posts, reactions, comments, safety, chat }) {
      const users = userRepo(ctx.db);
      const instances = instancesRepo(ctx.db);
      const sync = friendshipSync(ctx, federation, { connections, directory });
      const postsOut = postSync(ctx, federation, { posts: posts.api, directory });
      const commentsOut = commentSync(ctx, federation, { directory });
      const profilesOut = profileSync(ctx, federation);
      const blocksOut = blockSync(ctx, federation, { directory });
      const chatOut = chatSync(ctx, federation, { directory });
      registerActors(ctx, federation, keyStore(ctx.db));
      registerNotes(ctx, federation, { posts: posts.api, directory });
      registerInbox(ctx, federation, {
        connections,
        directory,
        sync,
        blocks: safety.remote,
        posts: {
          posts: posts.api,
          authoring: posts.authoring,
          reactions: reactions.remote,
          comments: comments.remote,
          chat: chat.remote,
        },
      });
      const log = ctx.log.child({ part: 'federation' });
      return {
        name: 'federation',
        routes,
        // Outside /api/v1: the addresses other servers expect.
        mount: (app) => mountFederation(app, federation, ctx.config.publicUrl, (host) => instances.isBlocked(host), ctx.limits),
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
          // Posts and reactions of this server's people: sent on to their friends on other servers.
          const stops = [
            ctx.events.subscribe('postCreated', postsOut.created),
            ctx.events.subscribe('postEdited', postsOut.edited),
            ctx.events.subscribe('postDeleted', postsOut.deleted),
            ctx.events.subscribe('reactionAdded', postsOut.reactionAdded),
            ctx.events.subscribe('reactionRemoved', postsOut.reactionRemoved),
            ctx.events.subscribe('commentAdded', commentsOut.added),
            ctx.events.subscribe('commentDeleted', commentsOut.deleted),
            ctx.events.subscribe('profileChanged', profilesOut.changed),
            ctx.events.subscribe('blockChanged', blocksOut.changed),
            ctx.events.subscribe('messageToRemote', chatOut.sent),
          ];
          const sweep = setInterval(() => {
            kv.sweep().catch((err: unknown) => log.warn({ err }, "could not sweep Fedify's expired cache entries"));
            commentsOut.sweep().catch((err: unknown) => log.warn({ err }, 'could not sweep the Notes of deleted comments'));
          }, KV_SWEEP_MS);
          sweep.unref();
          return () => {
            stop();
            stops.forEach((s) => s());
            clearInterval(sweep);
            listening.abort();
          };
        },
      };
    },
  };
}
