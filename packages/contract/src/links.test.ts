import { describe, expect, it } from 'vitest';
import { firstLinkOf, linkSegments } from './links';

describe('the links of a text', () => {
  it('finds none in a text without an address, a bare domain included', () => {
    expect(firstLinkOf('see you at plaza.test at noon')).toBeNull();
    expect(linkSegments('no link here')).toEqual([{ text: 'no link here', link: false }]);
  });

  it('finds the first http(s) link, without the sentence punctuation after it', () => {
    expect(firstLinkOf('look: ftp://files.test and HTTPS://Plaza.test/a_(b). Then https://second.test')).toBe('HTTPS://Plaza.test/a_(b)');
    expect(linkSegments('go to https://plaza.test!')).toEqual([
      { text: 'go to ', link: false },
      { text: 'https://plaza.test', link: true },
      { text: '!', link: false },
    ]);
  });
});
