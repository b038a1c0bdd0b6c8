/**
 * `assertCanInteract` for a path that runs it thousands of times a second (a chat send), answered from
 * memory: whether a pair is blocked either way and when each person's suspension ends, each read once
 * and dropped by the events that change it (`blockChanged`, `accountStandingChanged`) — on this server
 * before the block or suspension is answered, on the others through the event relay. A suspension's end
 * is compared with the clock at each check, so it expires by itself.
 */
import type { Db } from '../../db';
import { preparedQuery } from '../../db/prepared';
import type { EventBus } from '../../lib/events';
import { ForbiddenError, sentence } from '../../lib/errors';
import { EventInvalidatedCache } from '../../cache/event-invalidated-cache';
import { suspensionsQuery } from '../users';

/** Pairs and people cached at most; the least recently used go first. */
const MAX_CACHED = 200_000;

const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/**
 * Throws ForbiddenError when the two may not interact. Answers at once, without a promise, when all it
 * needs is cached (almost every send): a promise and an await per message are garbage the chat makes at
 * a thousand messages a second.
 */
export type InteractionCheck = (actorId: string, otherId: string, now: string) => void | Promise<void>;

const refused = () => new ForbiddenError(sentence('error.safety.cannotInteract'));

export function cachedInteractionCheck(db: Db, events: EventBus): InteractionCheck {
  const blocked = new EventInvalidatedCache<string, boolean>(events, MAX_CACHED);
  // '' when not suspended (a cached value cannot be null).
  const suspendedUntil = new EventInvalidatedCache<string, string>(events, MAX_CACHED);
  events.subscribe('blockChanged', ({ blockerId, blockedId }) => blocked.forget(pairKey(blockerId, blockedId)));
  events.subscribe('accountStandingChanged', ({ userId }) => suspendedUntil.forget(userId));

  const blocksBetween = preparedQuery<'a' | 'b', [id: string]>(db, (p) =>
    db
      .selectFrom('blocks')
      .select('blocker_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker_id', '=', p.a), eb('blocked_id', '=', p.b)]),
          eb.and([eb('blocker_id', '=', p.b), eb('blocked_id', '=', p.a)]),
        ]),
      ),
  );
  const suspensions = preparedQuery<'a' | 'b', [id: string, suspendedUntil: string | null]>(db, (p) => suspensionsQuery(db, [p.a, p.b]));

  /** Reads the pair and both people, keeping what no change overtook; answers [blocked, suspension ends]. */
  async function load(a: string, b: string, pair: string): Promise<[boolean, string[]]> {
    const [sinceBlocked, sinceSuspended] = [blocked.begin(), suspendedUntil.begin()];
    const [blocks, people] = await Promise.all([blocksBetween({ a, b }), suspensions({ a, b })]);
    blocked.keep(pair, blocks.length > 0, sinceBlocked);
    for (const [id, until] of people) suspendedUntil.keep(id, until ?? '', sinceSuspended);
    return [blocks.length > 0, people.map(([, until]) => until ?? '')];
  }

  return (a, b, now) => {
    if (a === b) return;
    const pair = pairKey(a, b);
    const isBlocked = blocked.get(pair);
    const untilA = suspendedUntil.get(a);
    const untilB = suspendedUntil.get(b);
    if (isBlocked === undefined || untilA === undefined || untilB === undefined)
      return load(a, b, pair).then(([blockedNow, ends]) => {
        if (blockedNow || ends.some((until) => until > now)) throw refused();
      });
    if (isBlocked || untilA > now || untilB > now) throw refused();
  };
}
