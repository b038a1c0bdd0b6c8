/**
 * The Fedify federation object: where Plaza's ActivityPub endpoints live, how it signs and verifies, and
 * where Fedify keeps its cache and queue (the app's database and jobs). Paths: actors at
 * `/ap/users/{id}` (ids, not user names, so a rename keeps the address), their inbox, outbox and
 * followers beside them, one shared inbox at `/ap/inbox`; WebFinger and NodeInfo at their well-known places.
 */
import { createFederation, type Federation } from '@fedify/fedify';
import type { AppContext } from '../../context';
import { DatabaseKvStore } from './kv-store';
import { JobsMessageQueue } from './message-queue';

export const AP_PATHS = {
  actor: '/ap/users/{identifier}',
  inbox: '/ap/users/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/users/{identifier}/outbox',
  followers: '/ap/users/{identifier}/followers',
  nodeInfo: '/nodeinfo/2.1',
} as const;

export function createPlazaFederation(ctx: AppContext): { federation: Federation<void>; kv: DatabaseKvStore } {
  const kv = new DatabaseKvStore(ctx.db);
  const federation = createFederation<void>({
    kv,
    queue: new JobsMessageQueue(ctx.jobs),
    // The queue is listened to when the feature starts, so its worker is registered before the jobs start.
    manuallyStartQueue: true,
    // Links and signatures use PUBLIC_URL whatever Host header a request came with (a proxy may change it).
    origin: ctx.config.publicUrl,
    // Without it, Fedify's document loader and lookups refuse private, loopback and link-local addresses.
    allowPrivateAddress: ctx.config.allowPrivateAddresses,
    userAgent: { software: 'Plaza', url: new URL(ctx.config.publicUrl) },
  });
  return { federation, kv };
}
