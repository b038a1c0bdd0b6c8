import { describe, expect, it } from 'vitest';
import { CHAT, PAGE_SIZES, REACTION_TYPES, loginBodySchema, pageQuery, pairRoom, signupBodySchema, updateMeBodySchema } from './index';

describe('the contract', () => {
  it('holds the constants of product.md § Constants and limits', () => {
    expect(REACTION_TYPES).toEqual(['heart', 'fire', 'thumbsUp', 'smile', 'celebrate', 'clap']);
    expect([PAGE_SIZES.network, PAGE_SIZES.feed, PAGE_SIZES.comments, PAGE_SIZES.suggestions, PAGE_SIZES.chatUsers]).toEqual([
      10, 10, 10, 5, 10,
    ]);
    expect([CHAT.messageMaxLength, CHAT.counterAmberOver, CHAT.counterRedOver, CHAT.pingIntervalMs]).toEqual([1000, 900, 980, 25_000]);
    expect(CHAT.historyBackoffMs).toEqual([1000, 2000, 4000]);
  });

  it('names a chat room by the two ids sorted and joined with a hyphen', () => {
    expect(pairRoom('b', 'a')).toBe('a-b');
    expect(pairRoom('a', 'b')).toBe(pairRoom('b', 'a'));
  });

  it('validates signup: user name characters and length, email, password length', () => {
    const ok = { userName: 'ada.l_1', email: ' Ada@Example.COM ', password: '12345678', fullName: ' Ada ' };
    expect(signupBodySchema.parse(ok)).toEqual({ userName: 'ada.l_1', email: 'ada@example.com', password: '12345678', fullName: 'Ada' });
    expect(signupBodySchema.safeParse({ ...ok, userName: 'ab' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...ok, userName: 'a'.repeat(31) }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...ok, userName: 'no-dash' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...ok, password: '1234567' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...ok, userName: 'User' }).success).toBe(false);
  });

  it('requires both login fields and at least one profile field', () => {
    expect(loginBodySchema.safeParse({ identifier: '', password: 'x' }).success).toBe(false);
    expect(updateMeBodySchema.safeParse({}).success).toBe(false);
    expect(updateMeBodySchema.safeParse({ userBio: null }).success).toBe(true);
  });

  it('coerces paging parameters and bounds the limit', () => {
    const q = pageQuery(10);
    expect(q.parse({})).toEqual({ page: 1, limit: 10 });
    expect(q.parse({ page: '3', limit: '5' })).toEqual({ page: 3, limit: 5 });
    expect(q.safeParse({ limit: '500' }).success).toBe(false);
    expect(q.safeParse({ page: '0' }).success).toBe(false);
  });
});
