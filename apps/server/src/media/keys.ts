/** Media keys and their URLs, the same for every storage driver: `/media/<folder>/<random>.<ext>`. */
import { randomBytes } from 'node:crypto';

export const MEDIA_URL_PREFIX = '/media/';

/** A fresh unguessable name for a medium. */
export const newMediaName = () => randomBytes(16).toString('hex');

/** A fresh unguessable key in `folder`. */
const newMediaKey = (folder: string, ext: string) => `${folder}/${newMediaName()}.${ext}`;

/** The key of `name` (one of `newMediaName`'s) in `folder`; a fresh one without it. */
export const mediaKey = (folder: string, ext: string, name?: string) => (name ? `${folder}/${name}.${ext}` : newMediaKey(folder, ext));

/** The key in a `/media/<key>` URL, or null for any other URL. */
export const mediaKeyOf = (url: string): string | null => (url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : null);
