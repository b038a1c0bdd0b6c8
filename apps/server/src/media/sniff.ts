/** Reads a file's type from its first bytes, never from its name or the client's Content-Type. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'gif' | 'mp4' | 'webm';

export function sniffType(head: Buffer): SniffedType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(4, 'ftyp')) return 'mp4';
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  return null;
}

export const IMAGE_TYPES: readonly SniffedType[] = ['jpeg', 'png', 'webp', 'gif'];
export const VIDEO_TYPES: readonly SniffedType[] = ['mp4', 'webm'];
