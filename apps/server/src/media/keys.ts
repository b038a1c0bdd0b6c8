/** Media keys and their URLs, the same for every storage driver: `/media/<folder>/<random>.<ext>`. */
import { randomBytes } from 'node:crypto';

export const MEDIA_URL_PREFIX = '/media/';

/** A fresh unguessable key in `folder`. */
export const newMediaKey = (folder: string, ext: string) => `${folder}/${randomBytes(16).toString('hex')}.${ext}`;

/** The key in a `/media/<key>` URL, or null for any other URL. */
export const mediaKeyOf = (url: string): string | null => (url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : null);
