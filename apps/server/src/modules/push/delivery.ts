/**
 * Sends one push to one device: the payload encrypted for the subscription's keys (aes128gcm) and signed with
 * the server's VAPID key by `web-push`, posted through the SSRF-safe client within a deadline. A push service
 * that answers 404 or 410 has forgotten the device: its subscription goes. 429 and 5xx are thrown, so the job
 * is tried again with back-off; any other refusal is final.
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import { FetchRefusedError, type SafeClient } from '../link-previews';
import { subscriptionRepo } from './repo';
import type { PushDelivery } from './request';

/** How long a push service keeps a push for a device that is off: a day, then the news is stale. */
const TTL_SECONDS = 86_400;

/** The Topic header: pushes with one topic replace each other while they wait at the push service (≤ 32 URL-safe characters). */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export function pushSender(ctx: AppContext, client: SafeClient) {
  const subs = subscriptionRepo(ctx.db);
  const log = ctx.log.child({ feature: 'push' });
  return async function deliver({ subscriptionId, payload }: PushDelivery): Promise<void> {
    const sub = await subs.byId(subscriptionId);
    if (!sub) return; // the device was unsubscribed meanwhile
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: ctx.config.push.vapid,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: payload.type === 'message' ? 'high' : 'normal',
        topic: topicOf(payload.tag),
      },
    );
    let status: number;
    try {
      status = (await client.post(request.endpoint, { headers: request.headers, body: request.body, timeoutMs: ctx.config.push.timeoutMs }))
        .status;
    } catch (err) {
      // An address Plaza may not reach never will: retrying cannot help.
      if (err instanceof FetchRefusedError && (err.reason === 'address' || err.reason === 'scheme')) {
        log.warn({ subscriptionId, reason: err.message }, 'push service address refused');
        return;
      }
      throw err;
    }
    if (status === 404 || status === 410) {
      await subs.deleteById(sub.id);
      ctx.events.publish('pushDevicesChanged', { userId: sub.user_id });
      log.info({ subscriptionId, status }, 'push subscription gone: removed');
      return;
    }
    if (status >= 200 && status < 300) return;
    if (status === 429 || status >= 500) throw new Error(`The push service answered ${status}`);
    log.warn({ subscriptionId, status }, 'push refused by the push service');
  };
}
