/**
 * The feed page cache: the answer of a feed page's statements (modules/posts/feed-page-repo.ts
 * `readerAndPage`: the reader's name, their timeline's size up to the anchor, the page's post ids with the
 * reader's marks) cached per reader, so a page read again costs no statement. Post content and counters
 * still come from post-cache.ts. An `EventInvalidatedCache`: dropped by the events that can change
 * the answer, on this server at once and on the others through the event relay, nothing cached while the
 * relay cannot hear the others, and a read that was under way when anything was dropped is not cached
 * (docs/decisions/feed-kept-page.md lists every source):
 *
 * - `feedPagesChanged` for the readers whose timeline rows, sizes, marks or mutes changed (told after
 *   the change commits), or for every reader;
 * - `profileChanged` (the reader's name), `blockChanged` (both people), `accountStandingChanged`
 *   (a suspension, its lifting or an account deletion: every reader, as the suspended are hidden from all);
 * - a suspension's end, which nothing announces: pages are cached only until the soonest end of any
 *   suspension running when they were read;
 * - SQLite: writes by other connections (the chat's writer thread, the command-line maintenance) are
 *   seen through `PRAGMA data_version`, and drop every page. It is read once per turn of the event loop
 *   (it starts a read transaction, about 1.4 µs: 2–5 % of a cached page's CPU), before the turn's first
 *   page: another connection's commit reaches this process only through I/O, which a later turn
 *   handles, so every page read after anything here learned of a commit sees it;
 * - PostgreSQL: servers hear each other only through the relay, so pages are cached only with one
 *   (REDIS_URL); `npm run rebuild-timelines` tells them through it too.
 *
 * Memory: at most MAX_READERS readers, each with at most PAGES_PER_READER pages of at most
 * MAX_PAGE_LIMIT (50) rows; a row is a post id (36 characters) and two numbers, so a page of 10 is
 * about 1 KB and the whole at most about 20 MB for pages of 10 (about 100 MB for pages of 50).
 */
import type { Db } from '../db';
import { dataVersionOf } from '../db/prepared';
import type { EventBus } from '../lib/events';
import { EventInvalidatedCache } from './event-invalidated-cache';

/** What a page's statements answer (modules/posts/feed-page-repo.ts `ReaderAndPage`). */
interface PageAnswer {
  /** The timeline's rows beyond the anchor. */
  newer: number;
}

/** Readers cached at most; the least recently read go first. */
export const MAX_READERS = 5_000;
/** Pages cached per reader (page 1, and the pages scrolled to under one anchor). */
export const PAGES_PER_READER = 4;
/** A suspension end far beyond any page: none is running. */
const NO_END = '9999';

type CachedPage<A> = A & {
  /** Page 1 read without an anchor: the anchor minted for it, which a later one may not precede. */
  mintedAnchor: string | null;
};

type ReaderPages<A> = ReadonlyMap<string, CachedPage<A>>;

export interface PageRequest {
  reader: string;
  /** Null: page 1 with an anchor minted now. */
  givenAnchor: string | undefined;
  anchor: string;
  offset: number;
  limit: number;
  now: string;
}

export interface FeedPageCache<A extends PageAnswer> {
  /** The page's answer, from memory when cached, else read by `read` (and cached when nothing overtook it). */
  get(request: PageRequest, read: () => Promise<A>): Promise<A>;
  /** Switched off, nothing is cached (tests check that each drop is needed). */
  enabled: boolean;
}

const byEvents = new WeakMap<EventBus, { enabled: boolean }>();

/** The feed page cache of the app whose event bus this is (tests switch it off, or count on it). */
export const feedPageCacheOf = (events: EventBus): { enabled: boolean } | undefined => byEvents.get(events);

const pageKey = (r: PageRequest) => `${r.givenAnchor ?? ''} ${r.offset} ${r.limit}`;

// Long: a factory; its methods are short and share the pages kept here and the events that drop them.
export function feedPageCache<A extends PageAnswer>(
  db: Db,
  events: EventBus,
  opts: { enabled: boolean; soonestSuspensionEnd: (now: string) => Promise<string | null> },
): FeedPageCache<A> {
  const cached = new EventInvalidatedCache<string, ReaderPages<A>>(events, MAX_READERS);
  const dataVersion = dataVersionOf(db);
  let lastVersion = dataVersion?.();
  /** Whether this turn of the event loop has read `data_version` (cleared by the turn's setImmediate). */
  let versionRead = false;
  const nextTurn = () => {
    versionRead = false;
  };

  /** When the soonest running suspension ends (NO_END: none), undefined until read; `horizonSince` guards its read. */
  let horizon: string | undefined;
  let horizonSince = 0;
  let reading: Promise<void> | null = null;
  const forgetHorizon = () => {
    horizonSince++;
    horizon = undefined;
  };
  const readHorizon = (now: string) => {
    if (reading) return reading;
    const since = horizonSince;
    reading = opts
      .soonestSuspensionEnd(now)
      .then((end) => {
        if (since === horizonSince) horizon = end ?? NO_END;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  events.subscribe('feedPagesChanged', ({ readerIds }) => {
    if (readerIds) for (const id of readerIds) cached.forget(id);
    else cached.forgetAll();
  });
  events.subscribe('profileChanged', ({ userId }) => cached.forget(userId));
  events.subscribe('blockChanged', ({ blockerId, blockedId }) => {
    cached.forget(blockerId);
    cached.forget(blockedId);
  });
  events.subscribe('accountStandingChanged', () => {
    forgetHorizon();
    cached.forgetAll();
  });

  const self: FeedPageCache<A> = {
    enabled: opts.enabled,
    async get(request, read) {
      if (!self.enabled) return read();
      if (dataVersion && !versionRead) {
        versionRead = true;
        setImmediate(nextTurn);
        const version = dataVersion();
        if (version !== lastVersion) {
          lastVersion = version;
          cached.forgetAll();
        }
      }
      if (horizon !== undefined && request.now >= horizon) {
        // A suspension has ended: whoever it hid is back on every timeline.
        forgetHorizon();
        cached.forgetAll();
      }
      const key = pageKey(request);
      const pages = cached.get(request.reader);
      const found = pages?.get(key);
      if (found && (found.mintedAnchor === null || request.anchor >= found.mintedAnchor)) return found;

      const since = cached.begin();
      if (horizon === undefined) await readHorizon(request.now);
      const answer = await read();
      const minted = request.givenAnchor === undefined;
      // A minted anchor's page holds for a later one only when nothing on the timeline lay beyond it.
      if (horizon !== undefined && request.now < horizon && (!minted || answer.newer === 0)) {
        const next = new Map(cached.get(request.reader));
        next.delete(key);
        next.set(key, { ...answer, mintedAnchor: minted ? request.anchor : null });
        for (const old of next.keys()) if (next.size > PAGES_PER_READER) next.delete(old);
        cached.keep(request.reader, next, since);
      }
      return answer;
    },
  };
  byEvents.set(events, self);
  return self;
}
