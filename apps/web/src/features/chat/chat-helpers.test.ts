import { describe, expect, it } from 'vitest';
import { counterColor, groupByDate, matchesQuery, mergeMessages } from './chat-helpers';
import type { ChatMessage } from './chat-model';

const plain = {
  _id: 'm1',
  clientMessageId: null,
  messageSender: 'a',
  messageReceiver: 'b',
  messageText: 'hi',
  createdAt: '2025-11-23T10:00:00.000Z',
  readAt: null,
  seq: 1,
  linkPreview: null,
  mentions: [],
};

describe('mergeMessages', () => {
  it('keeps one copy per _id, sorted by createdAt', () => {
    const later = { ...plain, _id: 'm2', createdAt: '2025-11-23T11:00:00.000Z' };
    const merged = mergeMessages([later], [plain, later, plain]);
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm2']);
  });

  it('drops an optimistic message once its stored copy is there', () => {
    const pending: ChatMessage = {
      ...plain,
      _id: 'pending:c1',
      clientMessageId: 'c1',
      pending: true,
      createdAt: '2030-01-01T00:00:00.000Z',
    };
    const stored = { ...plain, _id: 'm5', clientMessageId: 'c1' };
    expect(mergeMessages([pending], [stored]).map((m) => m._id)).toEqual(['m5']);
  });

  it('does not lose a known read time to an older copy', () => {
    const read = { ...plain, readAt: '2025-11-23T12:00:00.000Z' };
    expect(mergeMessages([read], [plain])[0].readAt).toBe('2025-11-23T12:00:00.000Z');
  });
});

describe('groupByDate', () => {
  it('groups by local day with a weekday, month and day heading', () => {
    const at = (y: number, mo: number, d: number, h: number) => ({ createdAt: new Date(y, mo, d, h, 5).toISOString() });
    const groups = groupByDate([at(2026, 10, 23, 9), at(2026, 10, 23, 22), at(2026, 10, 24, 8)]);
    expect(groups.map((g) => [g.label, g.messages.length])).toEqual([
      ['Monday, November 23', 2],
      ['Tuesday, November 24', 1],
    ]);
  });

  it('gives no groups for no messages', () => {
    expect(groupByDate([])).toEqual([]);
  });
});

describe('counterColor', () => {
  it('is amber over 900 and red over 980', () => {
    expect(counterColor(0)).toBe('normal');
    expect(counterColor(900)).toBe('normal');
    expect(counterColor(901)).toBe('amber');
    expect(counterColor(980)).toBe('amber');
    expect(counterColor(981)).toBe('red');
  });
});

describe('matchesQuery', () => {
  it('matches names by case-insensitive substring', () => {
    const user = { fullName: 'Ada Lovelace', userName: 'ada_l' };
    expect(matchesQuery(user, 'LOVE')).toBe(true);
    expect(matchesQuery(user, 'a_L')).toBe(true);
    expect(matchesQuery(user, 'grace')).toBe(false);
    expect(matchesQuery(user, '  ')).toBe(true);
  });
});
