import { describe, expect, it } from 'vitest';
import { cutParts, splitRichText, tagPath } from './rich-text';

describe('splitRichText', () => {
  it('gives tags beside links and text, each tag with the form its page is named by', () => {
    expect(splitRichText('Sun at #Lisboa, see https://x.test/a#b and #CAFE\u0301!')).toEqual([
      { kind: 'text', text: 'Sun at ' },
      { kind: 'tag', text: '#Lisboa', tag: 'lisboa' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'https://x.test/a#b', href: 'https://x.test/a#b' },
      { kind: 'text', text: ' and ' },
      { kind: 'tag', text: '#CAFE\u0301', tag: 'caf\u00e9' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves numbers, mid-word #, and tags past the first ten as text', () => {
    const text = `#2024 C# ${Array.from({ length: 11 }, (_, i) => `#t${i}`).join(' ')}`;
    const parts = splitRichText(text);
    expect(parts.filter((p) => p.kind === 'tag').map((p) => p.text)).toEqual(Array.from({ length: 10 }, (_, i) => `#t${i}`));
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('is plain text without a tag or link', () => {
    expect(splitRichText('just words')).toEqual([{ kind: 'text', text: 'just words' }]);
  });

  it('cuts a tag or link that would be shortened into plain text', () => {
    const parts = splitRichText('Read #longtag now');
    expect(cutParts(parts, 9)).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'text', text: '#lon' },
    ]);
    expect(cutParts(parts, 13)).toEqual(parts.slice(0, 2));
  });

  it('escapes the tag in its path', () => {
    expect(tagPath('日本')).toBe('/tags/%E6%97%A5%E6%9C%AC');
  });
});

describe('splitRichText with mentions', () => {
  const ben = { userId: 'ben-id', userName: 'benjamin', mentionedAs: 'ben' };

  it('links each run of a stored mention under the name the person has now, and leaves other names as text', () => {
    expect(splitRichText('Hi @Ben and @nobody, bye @ben.', [ben])).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@benjamin', userName: 'benjamin', userId: 'ben-id' },
      { kind: 'text', text: ' and @nobody, bye ' },
      { kind: 'mention', text: '@benjamin', userName: 'benjamin', userId: 'ben-id' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links nothing without stored mentions, and in chat neither tags nor addresses', () => {
    expect(splitRichText('@ben #tag', []).map((p) => p.kind)).toEqual(['text', 'tag']);
    expect(splitRichText('@ben #tag https://x.test', [ben], { withTags: false, withLinks: false }).map((p) => p.kind)).toEqual([
      'mention',
      'text',
    ]);
  });
});
