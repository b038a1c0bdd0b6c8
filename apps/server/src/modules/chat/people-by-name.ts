/**
 * The account ids behind a send's two user names, answered from memory: each name's id is read once and
 * dropped when that person's user name may have changed or their account is gone (`profileChanged`,
 * `accountStandingChanged`; on other servers through the event relay). Only names that belong to
 * someone are cached, so a name taken a moment ago is found at once.
 */
import type { Db } from '../../db';
import type { EventBus } from '../../lib/events';
import { EventInvalidatedCache } from '../../cache/event-invalidated-cache';
import { usersByNameLower } from './repo';

const MAX_CACHED = 200_000;

type Found = Array<[id: string, userNameLower: string]>;

/**
 * Both lower-cased names' [id, name] pairs, for those that belong to someone: at once, without a promise,
 * when both are cached (almost every send), else after reading them.
 */
export function cachedPeopleByName(db: Db, events: EventBus): (a: string, b: string) => Found | Promise<Found> {
  const read = usersByNameLower(db);
  const nameOf = new Map<string, string>();
  const ids = new EventInvalidatedCache<string, string>(events, MAX_CACHED, (name, id) => {
    if (nameOf.get(id) === name) nameOf.delete(id);
  });
  const forgetPerson = ({ userId }: { userId: string }) => ids.forget(nameOf.get(userId));
  events.subscribe('profileChanged', forgetPerson);
  events.subscribe('accountStandingChanged', forgetPerson);

  async function load(a: string, b: string): Promise<Found> {
    const since = ids.begin();
    const found = await read(a, b);
    for (const [id, name] of found) {
      ids.keep(name, id, since);
      if (ids.get(name) === id) nameOf.set(id, name);
    }
    return found;
  }

  return (a, b) => {
    const idA = ids.get(a);
    const idB = ids.get(b);
    if (idA === undefined || idB === undefined) return load(a, b);
    return [
      [idA, a],
      [idB, b],
    ];
  };
}
