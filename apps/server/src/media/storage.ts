/**
 * Where uploaded media live: the local disk (the default), or S3-compatible object storage shared by
 * every server process (media/s3-storage.ts), chosen by STORAGE_DRIVER. Either way a medium's URL is
 * `/media/<key>`, answered by the server that gets the request (web/static.ts), so URLs stored in the
 * database never name a host or a driver.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { MEDIA_URL_PREFIX, mediaKey, mediaKeyOf } from './keys';
import { StorageUnavailableError } from '../lib/errors';
import { contentTypeOf, ObjectStoreError, s3Storage } from './s3-storage';

export interface MediaStorage {
  readonly driver: 'disk' | 's3';
  /**
   * Stores bytes under a fresh unguessable key, or under `<folder>/<name>.<ext>` when given a `name`
   * (itself unguessable: a job that writes its result again overwrites it); returns the key and its public URL.
   */
  put(folder: string, ext: string, data: Buffer, name?: string): Promise<StoredMedia>;
  /** Stores a stream (a video), named as `put` does; nothing is left behind if the stream fails. */
  putStream(folder: string, ext: string, data: Readable, name?: string): Promise<StoredMedia>;
  remove(key: string): Promise<void>;
  /**
   * The medium's bytes (those of `range`, an HTTP `bytes=a-b` header, when given), or null when there is
   * none under that key. A range outside the medium throws an `ObjectStoreError` with status 416.
   */
  read(key: string, range?: string): Promise<MediaObject | null>;
  /** Where the medium lies: a file path on disk, `s3://bucket/key` in object storage. */
  pathOf(key: string): string;
  urlOf(key: string): string;
  keyOf(url: string): string | null;
  /** The folder of the files on disk; `s3://bucket` in object storage. */
  readonly root: string;
}

export interface StoredMedia {
  key: string;
  url: string;
}

export interface MediaObject {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** Bytes of the whole medium. */
  size: number;
  contentType: string;
  /** Set when `body` is a part of the medium (a range was asked for): its first and last byte. */
  range?: { start: number; end: number };
  etag?: string;
  lastModified?: Date;
}

/** The storage STORAGE_DRIVER names. */
export function createStorage(config: Pick<Config, 'mediaDir' | 'storage'>): MediaStorage {
  return config.storage.driver === 's3' ? s3Storage(config.storage) : diskStorage(config.mediaDir);
}

/** What a folder that cannot take a file answers: no permission, read-only, full, or not a folder at all. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'EEXIST']);

/** A write the disk refused becomes a 503 with a plain message, not a 500 (the request did nothing wrong). */
function unwritable(err: unknown): never {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNWRITABLE.has(code)) throw new StorageUnavailableError();
  throw err;
}

/** Whether the media folder takes a file now: writes and removes a small one (readiness's `storage`). */
export async function probeDiskStorage(root: string): Promise<void> {
  const file = path.join(root, `.probe-${process.pid}-${Date.now().toString(36)}`);
  await writeFile(file, '');
  await rm(file, { force: true });
}

export function diskStorage(root: string): MediaStorage {
  const newKey = mediaKey;
  const pathOf = (key: string) => path.join(root, key);
  const urlOf = (key: string) => MEDIA_URL_PREFIX + key;

  return {
    driver: 'disk',
    root,
    pathOf,
    urlOf,
    keyOf: mediaKeyOf,
    async put(folder, ext, data, name) {
      const key = newKey(folder, ext, name);
      await mkdir(path.dirname(pathOf(key)), { recursive: true }).catch(unwritable);
      await writeFile(pathOf(key), data).catch(unwritable);
      return { key, url: urlOf(key) };
    },
    async putStream(folder, ext, data, name) {
      const key = newKey(folder, ext, name);
      await mkdir(path.dirname(pathOf(key)), { recursive: true }).catch(unwritable);
      try {
        await pipeline(data, createWriteStream(pathOf(key)));
      } catch (err) {
        await rm(pathOf(key), { force: true }).catch(() => {});
        unwritable(err);
      }
      return { key, url: urlOf(key) };
    },
    async remove(key) {
      if (key.includes('..')) return;
      await rm(pathOf(key), { force: true });
    },
    async read(key, range) {
      if (key.includes('..')) return null;
      const info = await stat(pathOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      const base = { size: info.size, contentType: contentTypeOf(key), lastModified: info.mtime };
      if (!range) return { ...base, body: createReadStream(pathOf(key)), length: info.size };
      const m = /^bytes=(\d*)-(\d*)$/.exec(range);
      const start = m?.[1] ? Number(m[1]) : m?.[2] ? Math.max(0, info.size - Number(m[2])) : 0;
      const end = m?.[1] && m[2] ? Math.min(Number(m[2]), info.size - 1) : info.size - 1;
      if (!m || start > end) throw new ObjectStoreError(416, 'The range lies outside the medium.');
      return { ...base, body: createReadStream(pathOf(key), { start, end }), length: end - start + 1, range: { start, end } };
    },
  };
}
