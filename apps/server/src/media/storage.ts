/** Where uploaded media live. Local disk by default; an S3-compatible driver can implement the same interface. */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface MediaStorage {
  /** Stores bytes under a fresh unguessable key; returns the key and its public URL. */
  put(folder: string, ext: string, data: Buffer): Promise<StoredMedia>;
  /** Streams to disk; the partial file is removed if the stream fails. */
  putStream(folder: string, ext: string, data: Readable): Promise<StoredMedia>;
  remove(key: string): Promise<void>;
  pathOf(key: string): string;
  urlOf(key: string): string;
  keyOf(url: string): string | null;
  readonly root: string;
}

export interface StoredMedia {
  key: string;
  url: string;
}

export const MEDIA_URL_PREFIX = '/media/';

export function diskStorage(root: string): MediaStorage {
  const newKey = (folder: string, ext: string) => `${folder}/${randomBytes(16).toString('hex')}.${ext}`;
  const pathOf = (key: string) => path.join(root, key);
  const urlOf = (key: string) => MEDIA_URL_PREFIX + key;

  return {
    root,
    pathOf,
    urlOf,
    keyOf: (url) => (url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : null),
    async put(folder, ext, data) {
      const key = newKey(folder, ext);
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      await writeFile(pathOf(key), data);
      return { key, url: urlOf(key) };
    },
    async putStream(folder, ext, data) {
      const key = newKey(folder, ext);
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      try {
        await pipeline(data, createWriteStream(pathOf(key)));
      } catch (err) {
        await rm(pathOf(key), { force: true });
        throw err;
      }
      return { key, url: urlOf(key) };
    },
    async remove(key) {
      if (key.includes('..')) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
