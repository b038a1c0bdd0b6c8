import { describe, expect, it } from 'vitest';
import { matchesTyped, typedMentionAt, withMention } from './mention-caret';

describe('the @name before the caret', () => {
  it('is found at the start, after a space or punctuation, and not inside a word or address', () => {
    expect(typedMentionAt('@an', 3)).toEqual({ start: 0, query: 'an' });
    expect(typedMentionAt('hi (@Be', 7)).toEqual({ start: 4, query: 'Be' });
    expect(typedMentionAt('hi @', 4)).toEqual({ start: 3, query: '' });
    expect(typedMentionAt('mail ann@pla', 12)).toBeNull();
    expect(typedMentionAt('hi @ann and more', 16)).toBeNull();
  });

  it('is replaced by the chosen name and a space, the caret after it', () => {
    expect(withMention('hi @an', { start: 3, query: 'an' }, 'ann_lee')).toEqual({ text: 'hi @ann_lee ', caret: 12 });
    expect(withMention('@b how are you', { start: 0, query: 'b' }, 'ben')).toEqual({ text: '@ben how are you', caret: 5 });
  });

  it('matches a user name or any word of the full name by its start, in any case', () => {
    const ann = { userName: 'ann_lee', fullName: 'Ann Marie Lee' };
    expect(['an', 'MAR', 'lee'].map((q) => matchesTyped(ann, q))).toEqual([true, true, true]);
    expect(matchesTyped(ann, 'nn')).toBe(false);
  });
});
