import { describe, expect, it } from 'vitest';
import { MENTION_LIMITS } from './constants';
import { findMentions, mentionNamesOf } from './mention-text';

describe('reading @mentions from text', () => {
  it('finds user names of letters, digits, _ and ., in lower case, once each', () => {
    expect(mentionNamesOf('Hi @Ann_Lee and @bob.smith, @ANN_LEE again')).toEqual(['ann_lee', 'bob.smith']);
  });

  it('ends a name before a closing dot and at punctuation', () => {
    expect(findMentions('Thanks @ann. (@bob!)')).toEqual([
      { start: 7, end: 11, name: 'ann' },
      { start: 14, end: 18, name: 'bob' },
    ]);
  });

  it('skips mail addresses, remote names, web addresses and runs that cannot be a name', () => {
    expect(mentionNamesOf('mail ann@plaza.test, @ann@far.example, https://x.test/@ann and a/@bob')).toEqual([]);
    expect(mentionNamesOf('@ab is short, @' + 'a'.repeat(31) + ' is long, @ alone')).toEqual([]);
    expect(mentionNamesOf('https://x.test @after')).toEqual(['after']);
  });

  it('keeps the first names up to the limit; later ones stay plain text', () => {
    const names = Array.from({ length: MENTION_LIMITS.perText + 2 }, (_, i) => `user${i}`);
    const text = names.map((n) => `@${n}`).join(' ') + ' @user0';
    expect(mentionNamesOf(text)).toEqual(names.slice(0, MENTION_LIMITS.perText));
    expect(findMentions(text).filter((r) => r.name === 'user0')).toHaveLength(2);
    expect(findMentions(text).some((r) => r.name === `user${MENTION_LIMITS.perText}`)).toBe(false);
  });
});
