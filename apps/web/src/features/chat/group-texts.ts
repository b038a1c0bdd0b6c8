/** The group chat's lines that depend on how many people they name: who is typing, who has seen a message. */
import type { GroupSystem, GroupSystemPerson } from '@plaza/contract';

/** "Ana is typing…", "Ana and Ben are typing…", "Ana and 2 others are typing…"; null while nobody types. */
export function typingLine(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names[0]} and ${names.length - 1} others are typing…`;
}

/**
 * Under one's own last message: "Seen by 4" while some of the others have not read it, "Seen by everyone"
 * once all of them have; null while nobody has.
 */
export function seenByLine(seen: number, others: number): string | null {
  if (seen <= 0 || others <= 0) return null;
  return seen >= others ? 'Seen by everyone' : `Seen by ${seen}`;
}

/** "3 members", "1 member"; with someone online, "3 members, 2 online" (the one reading is not counted online). */
export function membersLine(members: number, online: number): string {
  const count = `${members} ${members === 1 ? 'member' : 'members'}`;
  return online > 0 ? `${count}, ${online} online` : count;
}

/** "Ana, Ben and Cleo"; the viewer is "you". */
function listNames(people: readonly GroupSystemPerson[], meId: string): string {
  const names = people.map((p) => (p._id === meId ? 'you' : p.fullName.trim() || p.userName));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The line the history shows for a change to the group: "Ana added Ben", "Ben left", "You renamed the group to …". */
export function systemLine(event: GroupSystem, meId: string): string {
  const mine = event.actor._id === meId;
  const actor = mine ? 'You' : event.actor.fullName.trim() || event.actor.userName;
  const users = listNames(event.users, meId);
  switch (event.type) {
    case 'created':
      return `${actor} created the group${event.name ? ` “${event.name}”` : ''}`;
    case 'added':
      return `${actor} added ${users}`;
    case 'removed':
      return `${actor} removed ${users}`;
    case 'left':
      return `${actor} left`;
    case 'renamed':
      return `${actor} renamed the group to “${event.name ?? ''}”`;
    case 'photo':
      return `${actor} changed the group photo`;
  }
}
