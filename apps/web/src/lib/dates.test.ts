import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale';
import { clockTime, compactAge, listTime } from './dates';

describe('clock times', () => {
  it('print the hour without a leading zero, as "1:04 AM"', () => {
    const early = new Date(2026, 10, 29, 1, 4).toISOString();
    expect(clockTime(early)).toMatch(/^1:04\s?AM$/);
    expect(listTime(early, new Date(2026, 10, 29, 9, 0))).toMatch(/^1:04\s?AM$/);
  });
});

describe('ages', () => {
  const now = new Date(2026, 10, 29, 12, 0).getTime();
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('are compact in English: now, 5m, 3h, 2d', () => {
    expect([ago(10_000), ago(5 * 60_000), ago(3 * 3_600_000), ago(2 * 86_400_000)].map((iso) => compactAge(iso, now))).toEqual([
      'now',
      '5m',
      '3h',
      '2d',
    ]);
  });

  it('follow the shown language', () => {
    setLocale('es');
    try {
      expect(compactAge(ago(10_000), now)).toBe('ahora');
      expect(compactAge(ago(5 * 60_000), now)).toBe('5min');
    } finally {
      setLocale('en');
    }
  });
});
