/**
 * Link cards that arrived before what they belong to. The server makes a card right after the post,
 * comment or message is stored (at once when the composer already asked for that link), so the socket's
 * `linkPreview` can overtake the answer that puts the item in the cache; the card then waits here, and the
 * code that adds the item from the answer takes it. A card waits a minute at most.
 */
import type { LinkPreview } from '@plaza/contract';

type Target = 'post' | 'comment' | 'message';

const WAIT_MS = 60_000;
const MAX_WAITING = 100;
const waiting = new Map<string, { card: LinkPreview; until: number }>();

const keyOf = (target: Target, id: string) => `${target}:${id}`;

/** Keeps a card whose item is not in the cache yet. */
export function holdEarlyCard(target: Target, id: string, card: LinkPreview): void {
  if (waiting.size >= MAX_WAITING) waiting.delete(waiting.keys().next().value!);
  waiting.set(keyOf(target, id), { card, until: Date.now() + WAIT_MS });
}

/** The item as it should be shown: with the card that came before it, if one did and it has none. */
export function withEarlyCard<T extends { _id: string; linkPreview: LinkPreview | null }>(target: Target, item: T): T {
  const key = keyOf(target, item._id);
  const held = waiting.get(key);
  if (!held) return item;
  waiting.delete(key);
  return held.until >= Date.now() && !item.linkPreview ? { ...item, linkPreview: held.card } : item;
}
