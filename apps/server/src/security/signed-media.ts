/**
 * Signed URLs for media that is not public (story media, which only the author's friends may see). A
 * presenter signs the URL for the viewer it shows the story to; the media route serves the file only
 * with a valid, unexpired signature, as `Cache-Control: private`. Expiries are rounded to half hours,
 * so a URL stays the same for a while and the browser's cache keeps working; each one lives 30–60 min.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_URL_PREFIX } from '../media/keys';

/** Media folders served only with a signature. */
const PRIVATE_FOLDERS = ['stories/'];

const ROUND_MS = 30 * 60 * 1000;

export interface MediaSigner {
  /** `/media/stories/x.webp` → `/media/stories/x.webp?exp=…&sig=…`; other URLs come back unchanged. */
  sign(url: string, now?: number): string;
  /** Whether the media path (below `/media/`) may be served for this query; public folders always may. */
  allows(mediaPath: string, query: unknown, now?: number): boolean;
  /** Seconds until the signed URL of this query expires (for `Cache-Control: private, max-age`). */
  secondsLeft(query: unknown, now?: number): number;
}

export const isPrivateMedia = (mediaPath: string) => PRIVATE_FOLDERS.some((f) => mediaPath.replace(/^\/+/, '').startsWith(f));

export function mediaSigner(secret: string): MediaSigner {
  // A key of its own, so a media signature can never pass for anything else signed with the secret.
  const key = createHmac('sha256', secret).update('plaza media urls').digest();
  const mac = (mediaPath: string, exp: number) => createHmac('sha256', key).update(`${mediaPath}\n${exp}`).digest();
  const expiryOf = (query: unknown) => {
    const exp = (query as { exp?: unknown } | null)?.exp;
    return typeof exp === 'string' && /^\d{1,12}$/.test(exp) ? Number(exp) : 0;
  };

  return {
    sign(url, now = Date.now()) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return url;
      const mediaPath = url.slice(MEDIA_URL_PREFIX.length);
      if (!isPrivateMedia(mediaPath)) return url;
      const exp = Math.floor((Math.floor(now / ROUND_MS) + 2) * ROUND_MS) / 1000;
      return `${url}?exp=${exp}&sig=${mac(mediaPath, exp).toString('base64url')}`;
    },
    allows(mediaPath, query, now = Date.now()) {
      const path = mediaPath.replace(/^\/+/, '');
      if (!isPrivateMedia(path)) return true;
      const exp = expiryOf(query);
      const sig = (query as { sig?: unknown } | null)?.sig;
      if (!exp || exp * 1000 <= now || typeof sig !== 'string') return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(path, exp);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    secondsLeft(query, now = Date.now()) {
      return Math.max(0, Math.floor(expiryOf(query) - now / 1000));
    },
  };
}
