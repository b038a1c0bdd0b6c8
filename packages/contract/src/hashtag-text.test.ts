import { describe, expect, it } from 'vitest';
import { HASHTAG_LIMITS } from './constants';
import { findHashtags, hashtagsOf, isHashtag, normalizeHashtag } from './hashtag-text';

describe('reading #tags from text', () => {
  it('finds tags of letters, digits and _ in any script, stored in lower case', () => {
    expect(hashtagsOf('Sunny #Beach_Day in #Lisboa2025, #日本語 and #Ελλάδα!')).toEqual(['beach_day', 'lisboa2025', '日本語', 'ελλάδα']);
  });

  it('stores one form whatever the case or Unicode composition', () => {
    const composed = '#Caf\u00e9';
    const decomposed = '#CAFE\u0301';
    expect(hashtagsOf(composed)).toEqual(['caf\u00e9']);
    expect(hashtagsOf(decomposed)).toEqual(['caf\u00e9']);
    expect(normalizeHashtag('STRASSE')).toBe('strasse');
  });

  it('skips pure numbers, a lone #, and # inside words, entities, paths or after another #', () => {
    expect(hashtagsOf('Issue #123, # alone, C# code, a#b, &#38; x/#y ##twice #_ #1_2')).toEqual([]);
    expect(hashtagsOf('#1st place')).toEqual(['1st']);
  });

  it('never reads a tag inside a web address, but does right after one', () => {
    expect(hashtagsOf('See https://example.com/page#section and http://x.test/#/route')).toEqual([]);
    expect(hashtagsOf('https://example.com #after')).toEqual(['after']);
  });

  it('ends a tag at punctuation, and marks where each run stands in the text', () => {
    const text = 'Go #team. (#TEAM) #team’s';
    expect(findHashtags(text)).toEqual([
      { start: 3, end: 8, tag: 'team' },
      { start: 11, end: 16, tag: 'team' },
      { start: 18, end: 23, tag: 'team' },
    ]);
    expect(text.slice(11, 16)).toBe('#TEAM');
  });

  it(`takes a run of at most ${HASHTAG_LIMITS.maxLength} characters; a longer one is no tag at all`, () => {
    const longest = 'a'.repeat(HASHTAG_LIMITS.maxLength);
    expect(hashtagsOf(`#${longest} #${longest}b`)).toEqual([longest]);
    // Counted in characters, not UTF-16 units: each of these letters takes two.
    const wide = '\u{1D400}'.repeat(HASHTAG_LIMITS.maxLength);
    expect(hashtagsOf(`#${wide}`)).toEqual([wide]);
    expect(hashtagsOf(`#${wide}\u{1D400}`)).toEqual([]);
  });

  it(`keeps the first ${HASHTAG_LIMITS.perText} distinct tags, counting repeats once`, () => {
    const text = Array.from({ length: 12 }, (_, i) => `#t${i} #T${i}`).join(' ');
    const tags = hashtagsOf(text);
    expect(tags).toEqual(Array.from({ length: HASHTAG_LIMITS.perText }, (_, i) => `t${i}`));
    // Every run of a kept tag is found; runs of the tags beyond the limit are not.
    expect(findHashtags(text)).toHaveLength(HASHTAG_LIMITS.perText * 2);
  });

  it('checks a tag named on its own', () => {
    expect(isHashtag('plaza')).toBe(true);
    expect(isHashtag('2024')).toBe(false);
    expect(isHashtag('two words')).toBe(false);
    expect(isHashtag('')).toBe(false);
  });
});
