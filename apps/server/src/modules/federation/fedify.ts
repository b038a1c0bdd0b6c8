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

/**
 * How long Fedify's circuit breaker holds deliveries to a peer that keeps failing (5 failures in 10
 * minutes) before it sends one as a probe; the probe's success sends the rest. With Fedify's 30 minutes,
 * a peer back from an hour's outage could wait up to 30 minutes more for what it missed; a probe every
 * 2 minutes to a peer still down costs one request.
 */
export const RECOVERY_MS = 120_000;

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
    circuitBreaker: {
      recoveryDelay: { milliseconds: ctx.config.federationRecoveryMs ?? RECOVERY_MS },
      // While a probe is out, the held deliveries are looked at again this often (Fedify: every second,
      // each a job): a peer whose probe waits on a connection timeout makes fewer jobs for nothing.
      releaseInterval: { seconds: 5 },
    },
  });
  return { federation, kv };
}
