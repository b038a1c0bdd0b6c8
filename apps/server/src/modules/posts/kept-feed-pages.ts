/**
 * The answer of a feed page's statements (feed-page-repo.ts `readerAndPage`: the reader's name, their
 * timeline's size up to the anchor, the page's post ids with the reader's marks) kept per reader, so a
 * page read again costs no statement. Post content and counters still come from post-json.ts. Kept by
 * `KeptByEvents`: dropped by the events that can change the answer, on this server at once and on the
 * others through the event relay, nothing kept while the relay cannot hear the others, and a read that
 * was under way when anything was dropped is not kept (docs/decisions/feed-kept-page.md lists every
 * source):
 *
 * - `feedPagesChanged` for the readers whose timeline rows, sizes, marks or mutes changed (told after
 *   the change commits), or for every reader;
 * - `profileChanged` (the reader's name), `blockChanged` (both people), `accountStandingChanged`
 *   (a suspension, its lifting or an account deletion: every reader, as the suspended are hidden from all);
 * - a suspension's end, which nothing announces: pages are kept only until the soonest end of any
 *   suspension running when they were read;
 * - SQLite: writes by other connections (the chat's writer thread, the command-line maintenance) are
 *   seen through `PRAGMA data_version`, and drop every page. It is read once per turn of the event loop
 *   (it starts a read transaction, about 1.4 µs: 2–5 % of a kept page's CPU), before the turn's first
 *   page: another connection's commit reaches this process only through I/O, which a later turn
 *   handles, so every page read after anything here learned of a commit sees it;
 * - PostgreSQL: servers hear each other only through the relay, so pages are kept only with one
 *   (REDIS_URL); `npm run rebuild-timelines` tells them through it too.
 *
 * Memory: at most MAX_READERS readers, each with at most PAGES_PER_READER pages of at most
 * MAX_PAGE_LIMIT (50) rows; a row is a post id (36 characters) and two numbers, so a page of 10 is
 * about 1 KB and the whole at most about 20 MB for pages of 10 (about 100 MB for pages of 50).
 */
import type { Db } from '../../db';
import { dataVersionOf } from '../../db/prepared';
import type { EventBus } from '../../lib/events';
import { KeptByEvents } from '../../lib/kept-by-events';
import type { ReaderAndPage } from './feed-page-repo';

/** Readers kept at most; the least recently read go first. */
export const MAX_READERS = 5_000;
/** Pages kept per reader (page 1, and the pages scrolled to under one anchor). */
export const PAGES_PER_READER = 4;
/** A suspension end far beyond any page: none is running. */
const NO_END = '9999';

interface KeptPage extends ReaderAndPage {
  /** Page 1 read without an anchor: the anchor minted for it, which a later one may not precede. */
  mintedAnchor: string | null;
}

type ReaderPages = ReadonlyMap<string, KeptPage>;

export interface PageRequest {
  reader: string;
  /** Null: page 1 with an anchor minted now. */
  givenAnchor: string | undefined;
  anchor: string;
  offset: number;
  limit: number;
  now: string;
}

export interface KeptFeedPages {
  /** The page's answer, from memory when kept, else read by `read` (and kept when nothing overtook it). */
  get(request: PageRequest, read: () => Promise<ReaderAndPage>): Promise<ReaderAndPage>;
  /** Switched off, nothing is kept (tests check that each drop is needed). */
  enabled: boolean;
}

const byEvents = new WeakMap<EventBus, KeptFeedPages>();

/** The feed pages kept by the app whose event bus this is (tests switch them off, or count on them). */
export const keptFeedPagesOf = (events: EventBus): KeptFeedPages | undefined => byEvents.get(events);

const pageKey = (r: PageRequest) => `${r.givenAnchor ?? ''} ${r.offset} ${r.limit}`;

export function keptFeedPages(
  db: Db,
  events: EventBus,
  opts: { keep: boolean; soonestSuspensionEnd: (now: string) => Promise<string | null> },
): KeptFeedPages {
  const kept = new KeptByEvents<string, ReaderPages>(events, MAX_READERS);
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
    if (readerIds) for (const id of readerIds) kept.forget(id);
    else kept.forgetAll();
  });
  events.subscribe('profileChanged', ({ userId }) => kept.forget(userId));
  events.subscribe('blockChanged', ({ blockerId, blockedId }) => {
    kept.forget(blockerId);
    kept.forget(blockedId);
  });
  events.subscribe('accountStandingChanged', () => {
    forgetHorizon();
    kept.forgetAll();
  });

  const self: KeptFeedPages = {
    enabled: opts.keep,
    async get(request, read) {
      if (!self.enabled) return read();
      if (dataVersion && !versionRead) {
        versionRead = true;
        setImmediate(nextTurn);
        const version = dataVersion();
        if (version !== lastVersion) {
          lastVersion = version;
          kept.forgetAll();
        }
      }
      if (horizon !== undefined && request.now >= horizon) {
        // A suspension has ended: whoever it hid is back on every timeline.
        forgetHorizon();
        kept.forgetAll();
      }
      const key = pageKey(request);
      const pages = kept.get(request.reader);
      const found = pages?.get(key);
      if (found && (found.mintedAnchor === null || request.anchor >= found.mintedAnchor)) return found;

      const since = kept.begin();
      if (horizon === undefined) await readHorizon(request.now);
      const answer = await read();
      const minted = request.givenAnchor === undefined;
      // A minted anchor's page holds for a later one only when nothing on the timeline lay beyond it.
      if (horizon !== undefined && request.now < horizon && (!minted || answer.newer === 0)) {
        const next = new Map(kept.get(request.reader));
        next.delete(key);
        next.set(key, { ...answer, mintedAnchor: minted ? request.anchor : null });
        for (const old of next.keys()) if (next.size > PAGES_PER_READER) next.delete(old);
        kept.keep(request.reader, next, since);
      }
      return answer;
    },
  };
  byEvents.set(events, self);
  return self;
}
