/**
 * A cache whose entries are dropped by the events that change them, on this server at once and on the
 * others through the event relay, for an answer that must never be stale (who may message whom):
 *
 * - a load that was under way when any entry was dropped is not cached (the generation it began in is
 *   gone), so a read from just before a change cannot outlive it;
 * - while the relay cannot hear other servers (Redis away or resubscribing), nothing is cached and
 *   everything is asked afresh;
 * - with `maxAgeMs`, an entry is also dropped that long after it was cached, for what a change made
 *   outside any server (the operator's command line) may have made stale.
 */
import type { EventBus } from '../lib/events';
import { LruMap } from '../lib/lru-map';

export class EventInvalidatedCache<K extends string, V extends object | string | number | boolean> {
  private generation = 0;
  private readonly entries: LruMap<K, V>;

  constructor(
    private readonly events: EventBus,
    max: number,
    /** Told of every entry that leaves (dropped, replaced, pushed out), e.g. to keep an index. */
    onLeave?: (key: K, value: V) => void,
    maxAgeMs?: number,
  ) {
    this.entries = new LruMap<K, V>({
      max,
      ...(onLeave ? { dispose: (value: V, key: K) => onLeave(key, value) } : {}),
      ...(maxAgeMs ? { ttlMs: maxAgeMs } : {}),
    });
    events.onRelayListening((listening) => {
      if (!listening) this.forgetAll();
    });
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Taken before a load; `keep` stores its answer only if nothing was dropped since. */
  begin(): number {
    return this.generation;
  }

  keep(key: K, value: V, since: number): void {
    if (since === this.generation && this.events.hearsOtherServers) this.entries.set(key, value);
  }

  /** Drops the entry, if cached; loads under way are not cached either way (they may have read the old state). */
  forget(key: K | undefined): void {
    this.generation++;
    if (key !== undefined) this.entries.delete(key);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
