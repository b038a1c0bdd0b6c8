/** The group chat's lines that depend on how many people they name: who is typing, who has seen a message. */
import type { GroupSystem, GroupSystemPerson } from '@plaza/contract';
import i18next from 'i18next';
import { shownLanguage } from '../../i18n/setup';
import './chat-catalog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`chat:${key}`, options);

/** "Ana is typing…", "Ana and Ben are typing…", "Ana and 2 others are typing…"; null while nobody types. */
export function typingLine(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return t('typingOne', { name: names[0] });
  if (names.length === 2) return t('typingTwo', { name: names[0], other: names[1] });
  return t('typingMany', { name: names[0], count: names.length - 1 });
}

/**
 * Under one's own last message: "Seen by 4" while some of the others have not read it, "Seen by everyone"
 * once all of them have; null while nobody has.
 */
export function seenByLine(seen: number, others: number): string | null {
  if (seen <= 0 || others <= 0) return null;
  return seen >= others ? t('seenByEveryone') : t('seenBy', { count: seen });
}

/** "3 members", "1 member"; with someone online, "3 members, 2 online" (the one reading is not counted online). */
export function membersLine(members: number, online: number): string {
  const count = t('members', { count: members });
  return online > 0 ? t('membersOnline', { members: count, count: online }) : count;
}

/** "Ana, Ben and Cleo" in the shown language's way of listing; the viewer is "you". */
function listNames(people: readonly GroupSystemPerson[], meId: string): string {
  const names = people.map((p) => (p._id === meId ? t('system.you') : p.fullName.trim() || p.userName));
  // British English lists without the serial comma, as Plaza's English always has.
  const language = shownLanguage();
  return new Intl.ListFormat(language === 'en' ? 'en-GB' : language, { type: 'conjunction' }).format(names);
}

/** The line the history shows for a change to the group: "Ana added Ben", "Ben left", "You renamed the group to …". */
export function systemLine(event: GroupSystem, meId: string): string {
  // Languages conjugate for "you", so one's own changes have texts of their own.
  const mine = event.actor._id === meId;
  const by = (key: string, options: Record<string, unknown> = {}) =>
    mine
      ? t(`system.${key}ByYou`, options)
      : t(`system.${key}`, { actor: event.actor.fullName.trim() || event.actor.userName, ...options });
  const onlyMe = event.users.length === 1 && event.users[0]._id === meId;
  switch (event.type) {
    case 'created':
      return event.name ? by('createdNamed', { name: event.name }) : by('created');
    case 'added':
      return onlyMe ? by('addedYou') : by('added', { users: listNames(event.users, meId) });
    case 'removed':
      return onlyMe ? by('removedYou') : by('removed', { users: listNames(event.users, meId) });
    case 'left':
      return by('left');
    case 'renamed':
      return by('renamed', { name: event.name ?? '' });
    case 'photo':
      return by('photo');
  }
}
