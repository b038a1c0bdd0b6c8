import { describe, expect, it } from 'vitest';
import { withSniffedType } from './media-sniff';

const named = (bytes: number[] | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

describe('withSniffedType', () => {
  it('reads the type from the first bytes, not from the name', async () => {
    const cases: Array<[number[] | string, string]> = [
      [[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'image/jpeg'],
      [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
      ['GIF89a....', 'image/gif'],
      ['RIFF\x10\x00\x00\x00WEBPVP8 ', 'image/webp'],
      [[0x1a, 0x45, 0xdf, 0xa3, 1, 2], 'video/webm'],
      ['\x00\x00\x00\x18ftypisom\x00\x00', 'video/mp4'],
    ];
    for (const [bytes, type] of cases) expect((await withSniffedType(named(bytes, 'x.bin', 'image/png'))).type).toBe(type);
  });

  it('gives a text file named .png, or a QuickTime movie named .mp4, no accepted type', async () => {
    expect((await withSniffedType(named('hello, this is text', 'notes.png', 'image/png'))).type).toBe('');
    expect((await withSniffedType(named('\x00\x00\x00\x14ftypqt  \x00\x00', 'clip.mp4', 'video/mp4'))).type).toBe('');
  });

  it('keeps the name and the bytes', async () => {
    const sniffed = await withSniffedType(named('hello', 'notes.png', 'image/png'));
    expect(sniffed.name).toBe('notes.png');
    expect(sniffed.size).toBe(5);
  });
});
