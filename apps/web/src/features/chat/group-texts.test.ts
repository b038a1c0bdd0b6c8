import { describe, expect, it } from 'vitest';
import type { GroupSystem } from '@plaza/contract';
import { membersLine, seenByLine, systemLine, typingLine } from './group-texts';

describe('who is typing in a group', () => {
  it('says nothing while nobody types', () => {
    expect(typingLine([])).toBeNull();
  });

  it('names one or two people, and counts the rest beyond that', () => {
    expect(typingLine(['Ana'])).toBe('Ana is typing…');
    expect(typingLine(['Ana', 'Ben'])).toBe('Ana and Ben are typing…');
    expect(typingLine(['Ana', 'Ben', 'Cleo'])).toBe('Ana and 2 others are typing…');
    expect(typingLine(['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'])).toBe('Ana and 4 others are typing…');
  });
});

describe('who has seen your last message in a group', () => {
  it('says nothing until someone has', () => {
    expect(seenByLine(0, 4)).toBeNull();
  });

  it('counts the readers while some are missing, then says everyone', () => {
    expect(seenByLine(1, 4)).toBe('Seen by 1');
    expect(seenByLine(3, 4)).toBe('Seen by 3');
    expect(seenByLine(4, 4)).toBe('Seen by everyone');
  });

  it('says nothing in a group where nobody else is left', () => {
    expect(seenByLine(0, 0)).toBeNull();
  });
});

describe('the group header', () => {
  it('counts members, and who of them is online', () => {
    expect(membersLine(3, 0)).toBe('3 members');
    expect(membersLine(3, 2)).toBe('3 members, 2 online');
    expect(membersLine(1, 0)).toBe('1 member');
  });
});

describe('the lines a group writes into its history', () => {
  const ana = { _id: 'a', userName: 'ana', fullName: 'Ana Silva' };
  const ben = { _id: 'b', userName: 'ben', fullName: 'Ben Ode' };
  const cleo = { _id: 'c', userName: 'cleo', fullName: '' };
  const line = (event: Partial<GroupSystem>, me = 'z') => systemLine({ type: 'added', actor: ana, users: [], name: null, ...event }, me);

  it('say who did what to whom', () => {
    expect(line({ type: 'added', users: [ben] })).toBe('Ana Silva added Ben Ode');
    expect(line({ type: 'added', users: [ben, cleo] })).toBe('Ana Silva added Ben Ode and cleo');
    expect(line({ type: 'removed', users: [ben] })).toBe('Ana Silva removed Ben Ode');
    expect(line({ type: 'left', actor: ben })).toBe('Ben Ode left');
    expect(line({ type: 'renamed', name: 'Trip' })).toBe('Ana Silva renamed the group to “Trip”');
    expect(line({ type: 'photo' })).toBe('Ana Silva changed the group photo');
    expect(line({ type: 'created', name: 'Trip', users: [ben, cleo] })).toBe('Ana Silva created the group “Trip”');
  });

  it('say "you" for the one reading', () => {
    expect(line({ type: 'added', users: [ben] }, 'a')).toBe('You added Ben Ode');
    expect(line({ type: 'removed', users: [ben] }, 'b')).toBe('Ana Silva removed you');
  });
});
