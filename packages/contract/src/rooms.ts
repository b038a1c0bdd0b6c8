/** Chat rooms (product.md § Chat): named by the two users in them, so both sides and every node compute the same name. Kept apart from the socket schemas so a client can use them without zod. */

/** The chat room of two users: their ids sorted and joined with a hyphen (product.md § Chat). */
export function pairRoom(a: string, b: string): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The two user ids of a pair room, or null when `room` is not one. Ids are 36-character UUIDs that
 * contain hyphens themselves, so the room is split by position, not at the first hyphen.
 */
export function parsePairRoom(room: string): [string, string] | null {
  if (room.length !== 73 || room[36] !== '-') return null;
  const a = room.slice(0, 36);
  const b = room.slice(37);
  if (!UUID.test(a) || !UUID.test(b) || !(a < b)) return null;
  return [a, b];
}
