/**
 * The transactional outbox (docs/decisions/outbox.md). `record` writes a domain event in the writer's
 * transaction; once it commits, this process delivers the event to the event bus's subscribers at once
 * (no added latency) and deletes it when they are all done. What is not deleted, because this process
 * died first, or a subscriber failed, is taken up again by the poller of any process sharing the
 * database: an event becomes available to everyone `leaseMs` after it was written or taken, and after a
 * failure, once its back-off has passed. Delivery is at least once and in order of writing, except that
 * an event waiting out its back-off lets later ones pass; subscribers make a repeat change nothing.
 */
import type { Db, DialectName } from '../db';
import type { DomainEvents, DurableEventName, EventBus, EventName } from '../lib/events';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { afterCommit } from './commit-hooks';
import { outboxStore } from './store';

export interface OutboxOptions {
  /** How often each process looks for events nobody finished. */
  pollMs: number;
  /** How long the process that wrote or took an event has it to itself. */
  leaseMs: number;
  /** False: events are written but never dispatched, as if every process died right after each commit (tests). */
  dispatch: boolean;
}

export interface OutboxBacklog {
  /** Events written and not yet handled by every subscriber. */
  pending: number;
  /** Age of the oldest of them in seconds, 0 when there is none: the outbox's lag. */
  oldestAgeSeconds: number;
}

export interface Outbox {
  /** Starts polling; call once every subscriber is in place, or events would be handled by none. */
  start(): void;
  /** Stops polling and waits for the poll under way; call before subscribers go away. */
  stop(): Promise<void>;
  backlog(): Promise<OutboxBacklog>;
}

const BATCH = 100;
/** Back-off after the n-th failed attempt: 1 s, 2 s, 4 s … up to 5 minutes, retried for as long as it takes. */
const backoffMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
const iso = (ms: number) => new Date(ms).toISOString();

// Long: a factory; each method is short and shares the poll loop and its state kept here.
export function createOutbox(deps: { db: Db; dialect: DialectName; events: EventBus; log: Logger }, options: OutboxOptions): Outbox {
  const { db, dialect, events, log } = deps;
  // On an executor of its own (same connections), so a test counting a request's statements on the
  // app's executor never counts a background poll.
  const store = outboxStore(db.withoutPlugins(), dialect);
  // Events this process is delivering, so its own poller never starts one a second time alongside.
  const delivering = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  let stopped = false;

  async function dispatch(id: string, name: EventName, payload: unknown, attempts: number): Promise<void> {
    if (delivering.has(id)) return;
    delivering.add(id);
    try {
      await events.deliver(name, payload as DomainEvents[typeof name], { id });
      await store.done(id);
    } catch (err) {
      const at = iso(Date.now() + backoffMs(attempts + 1));
      log.warn(
        { err, event: name, eventId: id, attempts: attempts + 1, retryAt: at },
        'a domain event was not fully handled; it is retried',
      );
      await store.retryAt(id, at, attempts + 1, String((err as Error)?.message ?? err)).catch((e: unknown) => {
        // The event keeps its hold and is taken up again once that runs out.
        log.warn({ err: e, eventId: id }, 'could not reschedule a domain event');
      });
    } finally {
      delivering.delete(id);
    }
  }

  async function record<K extends DurableEventName>(trx: Db, name: K, payload: DomainEvents[K]): Promise<void> {
    const now = Date.now();
    const id = newId();
    await outboxStore(trx, dialect).insert({
      id,
      name,
      payload: JSON.stringify(payload),
      created_at: iso(now),
      available_at: iso(now + options.leaseMs),
      last_error: null,
    });
    if (options.dispatch) {
      // Once stopping, the event is left to the pollers (of the next process, or of the others).
      await afterCommit(trx, () => {
        if (!stopped) events.track(dispatch(id, name, payload, 0));
      });
    }
  }

  async function pollOnce(): Promise<void> {
    for (;;) {
      const now = Date.now();
      const claimed = await store.claimDue(iso(now), iso(now + options.leaseMs), BATCH);
      for (const row of claimed) {
        if (stopped) return;
        // Half the hold gone: the rest is left to be claimed afresh (by this process's next round or
        // another's) rather than delivered after another process may have taken it too.
        if (Date.now() - now > options.leaseMs / 2) break;
        let payload: unknown;
        try {
          payload = JSON.parse(row.payload);
        } catch (err) {
          log.error({ err, eventId: row.id }, 'an outbox event cannot be read; it is dropped');
          await store.done(row.id);
          continue;
        }
        await dispatch(row.id, row.name as EventName, payload, row.attempts - 1);
      }
      if (claimed.length < BATCH || stopped) return;
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      polling = pollOnce()
        .catch((err: unknown) => log.warn({ err }, 'the outbox poll failed; it tries again'))
        .finally(() => {
          polling = null;
          schedule(options.pollMs);
        });
      events.track(polling);
    }, delayMs);
    timer.unref();
  }

  events.useRecorder({ record });

  return {
    start() {
      if (!options.dispatch || timer) return;
      stopped = false;
      // At once: what a previous process left undone is due as soon as its hold ran out.
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await polling;
    },
    async backlog() {
      const { pending, oldest } = await store.backlog();
      return { pending, oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0 };
    },
  };
}
