/**
 * Signed URLs for media that is not public (story media, which only the author's friends may see). A
 * presenter signs the URL for one viewer of one story; the signature covers the file, the story, the
 * viewer and the expiry. The media route serves the file only with a valid, unexpired signature and
 * only while that viewer may still see that story (stories/media-access.ts asks the database), so a
 * block or a deleted story takes effect at once for URLs already handed out. Expiries are rounded to
 * half hours, so a URL stays the same for a while and the browser's cache keeps working; each one
 * lives 30–60 min.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_URL_PREFIX } from '../media/keys';

/**
 * Media folders served only with a signature. `uploads/` holds videos as they came, waiting for their
 * encode (media/video-originals.ts): no story holds them, so no signature lets them through.
 */
const PRIVATE_FOLDERS = ['stories/', 'uploads/'];

const ROUND_MS = 30 * 60 * 1000;
const ID = /^[\w-]{1,64}$/;

/** Whom a URL is signed for: a viewer of the story, or a moderator reading a report of it. */
export interface MediaGrant {
  storyId: string;
  viewerId: string;
  as: 'viewer' | 'moderator';
}

export interface MediaSigner {
  /** `/media/stories/x.webp` → `/media/stories/x.webp?exp=…&story=…&viewer=…&sig=…`; other URLs come back unchanged. */
  sign(url: string, grant: MediaGrant, now?: number): string;
  /** The grant a private media path's query carries when its signature is right and unexpired; null otherwise. */
  verify(mediaPath: string, query: unknown, now?: number): MediaGrant | null;
}

/** Who may fetch a private media file, asked on every fetch of one: a signature alone is not enough. */
export interface PrivateMediaAccess {
  allows(mediaPath: string, query: unknown): Promise<boolean>;
}

export const isPrivateMedia = (mediaPath: string) => PRIVATE_FOLDERS.some((f) => mediaPath.replace(/^\/+/, '').startsWith(f));

const param = (query: unknown, name: string): unknown => (query as Record<string, unknown> | null)?.[name];

function expiryOf(query: unknown): number {
  const exp = param(query, 'exp');
  return typeof exp === 'string' && /^\d{1,12}$/.test(exp) ? Number(exp) : 0;
}

/** Seconds until the signed URL of this query expires (for `Cache-Control: private, max-age`). */
export const secondsLeft = (query: unknown, now = Date.now()) => Math.max(0, Math.floor(expiryOf(query) - now / 1000));

export function mediaSigner(secret: string): MediaSigner {
  // A key of its own, so a media signature can never pass for anything else signed with the secret.
  const key = createHmac('sha256', secret).update('plaza media urls').digest();
  const mac = (mediaPath: string, exp: number, g: MediaGrant) =>
    createHmac('sha256', key).update(`${mediaPath}\n${exp}\n${g.storyId}\n${g.viewerId}\n${g.as}`).digest();

  return {
    sign(url, grant, now = Date.now()) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return url;
      const mediaPath = url.slice(MEDIA_URL_PREFIX.length);
      if (!isPrivateMedia(mediaPath)) return url;
      const exp = Math.floor((Math.floor(now / ROUND_MS) + 2) * ROUND_MS) / 1000;
      const as = grant.as === 'moderator' ? '&as=moderator' : '';
      const sig = mac(mediaPath, exp, grant).toString('base64url');
      return `${url}?exp=${exp}&story=${grant.storyId}&viewer=${grant.viewerId}${as}&sig=${sig}`;
    },
    verify(mediaPath, query, now = Date.now()) {
      const path = mediaPath.replace(/^\/+/, '');
      const exp = expiryOf(query);
      const [storyId, viewerId, as, sig] = ['story', 'viewer', 'as', 'sig'].map((name) => param(query, name));
      if (!exp || exp * 1000 <= now || typeof sig !== 'string') return null;
      if (typeof storyId !== 'string' || !ID.test(storyId) || typeof viewerId !== 'string' || !ID.test(viewerId)) return null;
      if (as !== undefined && as !== 'moderator') return null;
      const grant: MediaGrant = { storyId, viewerId, as: as === 'moderator' ? 'moderator' : 'viewer' };
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(path, exp, grant);
      return given.length === expected.length && timingSafeEqual(given, expected) ? grant : null;
    },
  };
}
