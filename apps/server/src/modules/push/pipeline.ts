/**
 * From an event to the jobs that push it. `offer` runs after the change committed, off the request: it only
 * looks whether the person has a device to push to and queues a `push` job named after the person, the tag and
 * a short window of time, so whatever else of that tag happens in the window (four more messages from Ana) adds
 * nothing, and every process that offers it names the same job. When the window has closed the job decides:
 * the person's preferences, quiet hours, whether they have Plaza open, their push budget; then one
 * `pushDelivery` job per device, each retried on its own.
 */
import type { AppContext } from '../../context';
import type { JobInfo } from '../../jobs';
import type { ChatApi } from '../chat';
import { allowsPush, inQuietHours, type PreferencesService } from '../notification-preferences';
import { userRepo } from '../users';
import { composePush } from './compose';
import { deviceOwners } from './device-owners';
import { subscriptionRepo } from './repo';
import type { PushRequest } from './request';

/** Pushes one person may get: a burst for a busy moment, then one every few minutes. */
const PUSH_BUDGET = { points: 20, seconds: 600 };

export interface PipelineDeps {
  preferences: PreferencesService;
  chat: Pick<ChatApi, 'unreadFrom' | 'groupPushFacts'>;
  /** Whether the person has a socket open on any node (the realtime layer's presence). */
  isOnline: (userId: string) => Promise<boolean>;
}

export function pushPipeline(ctx: AppContext, deps: PipelineDeps) {
  const subs = subscriptionRepo(ctx.db);
  const owners = deviceOwners(ctx.db, ctx.events);
  const users = userRepo(ctx.db);
  const budget = ctx.limits.store('pushesPerUser', PUSH_BUDGET);
  const log = ctx.log.child({ feature: 'push' });

  /** One job per person, tag and window: what else of that tag comes in the window adds nothing. */
  async function queue(req: PushRequest): Promise<void> {
    const window = ctx.config.push.groupWindowMs;
    const now = Date.now();
    const slot = Math.floor(now / window);
    await ctx.jobs.enqueue('push', req, { jobId: `push:${req.recipientId}:${req.tag}:${slot}`, delayMs: (slot + 1) * window - now });
  }

  return {
    /** Nothing to wait for (undefined) when the person is the actor or is known to have no device, as most are. */
    offer(req: PushRequest): Promise<void> | undefined {
      if (req.recipientId === req.actorId) return undefined;
      const has = owners.hasAny(req.recipientId);
      if (has === false) return undefined;
      return (async () => {
        if (await has) await queue(req);
      })();
    },

    /**
     * A group message, offered to each of `recipientIds` who has a device to push to, found in one query
     * rather than one per member. Whether they muted the group, or read it meanwhile, is for `decide`.
     */
    async offerToMany(req: Omit<PushRequest, 'recipientId'>, recipientIds: readonly string[]): Promise<void> {
      const others = recipientIds.filter((id) => id !== req.actorId);
      for (const recipientId of await subs.usersWithAny(others)) await queue({ ...req, recipientId });
    },

    async decide(req: PushRequest, job: JobInfo): Promise<void> {
      const prefs = await deps.preferences.get(req.recipientId);
      if (!allowsPush(prefs, req.type) || inQuietHours(prefs, new Date())) return;
      if (!prefs.pushWhileActive && (await deps.isOnline(req.recipientId))) return;
      const [actor, recipient, devices] = await Promise.all([
        users.findById(req.actorId),
        users.findById(req.recipientId),
        subs.ofUser(req.recipientId),
      ]);
      if (!actor || !recipient || devices.length === 0) return;
      const payload = composePush(req, {
        actor: { fullName: actor.full_name, userName: actor.user_name },
        recipientUserName: recipient.user_name,
        recipientLanguage: recipient.language,
        hidePreviews: prefs.hidePreviews,
        unreadMessages: req.type === 'message' ? await deps.chat.unreadFrom(req.recipientId, req.actorId) : 0,
        group:
          req.type === 'group_message' && req.conversationId ? await deps.chat.groupPushFacts(req.recipientId, req.conversationId) : null,
      });
      if (!payload) return;
      // A retried job was counted already.
      if (job.attempt === 1) {
        const over = await budget.consume(req.recipientId).then(
          () => false,
          (err: unknown) => !(err instanceof Error), // the limiter rejects with its result when over budget
        );
        if (over) {
          log.debug({ recipientId: req.recipientId, tag: req.tag }, 'push skipped: over the budget');
          return;
        }
      }
      for (const device of devices)
        await ctx.jobs.enqueue('pushDelivery', { subscriptionId: device.id, payload }, { jobId: `${job.id}:${device.id}` });
    },
  };
}
