/**
 * Keeps an RTK Query cache entry in step with the tab's socket for as long as the entry lives
 * (`onCacheEntryAdded`): listeners go on at once, so nothing pushed while the first load runs is lost.
 */
import { whenSocket, type PlazaSocket } from '../../lib/socket';

interface EntryLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/** Runs `update` now when the entry has data, else once it has (an update before that would be lost). */
export type WhenLoaded = (update: () => void) => void;

/** `subscribe` registers its listeners on the socket and returns their removal, which runs when the entry goes. */
export async function streamFromSocket(
  lifecycle: EntryLifecycle,
  subscribe: (socket: PlazaSocket, whenLoaded: WhenLoaded) => () => void,
): Promise<void> {
  // The socket is connected after the first screen: an entry made before then subscribes when it arrives.
  const socket = await whenSocket(lifecycle.cacheEntryRemoved);
  if (!socket) return;
  let loaded = false;
  const waiting: Array<() => void> = [];
  const unsubscribe = subscribe(socket, (update) => {
    if (loaded) update();
    else waiting.push(update);
  });
  try {
    await lifecycle.cacheDataLoaded;
    loaded = true;
    for (const update of waiting.splice(0)) update();
  } catch {
    // The entry went before it ever had data; only the listeners are left to remove.
  }
  await lifecycle.cacheEntryRemoved;
  unsubscribe();
}
