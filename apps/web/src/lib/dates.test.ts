import { describe, expect, it } from 'vitest';
import { clockTime, listTime } from './dates';

describe('clock times', () => {
  it('print the hour without a leading zero, as "1:04 AM"', () => {
    const early = new Date(2026, 10, 29, 1, 4).toISOString();
    expect(clockTime(early)).toMatch(/^1:04\s?AM$/);
    expect(listTime(early, new Date(2026, 10, 29, 9, 0))).toMatch(/^1:04\s?AM$/);
  });
});
