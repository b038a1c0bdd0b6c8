/**
 * What a chosen file is, from its first bytes rather than its name: a text file named `.png` is no image,
 * and should be refused when it is picked, not previewed as a broken picture and refused by the server at
 * Post. Knows the image and video types the server accepts (JPEG, PNG, GIF, WebP, MP4, WebM).
 */

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function typeOf(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  // An ISO media file; QuickTime's own brand is not MP4.
  if (startsWith(bytes, ascii('ftyp'), 4) && !startsWith(bytes, ascii('qt  '), 8)) return 'video/mp4';
  return '';
}

/** The first bytes of a file (FileReader: every browser has it, and so do the tests' DOM). */
function head(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** The file with the type its bytes show (`''` when none the server takes), so the usual type checks refuse it. */
export async function withSniffedType(file: File): Promise<File> {
  const bytes = await head(file, 16);
  const type = typeOf(bytes);
  return type === file.type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
}
