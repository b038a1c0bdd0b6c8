/**
 * Media in S3-compatible object storage (AWS S3, MinIO, Ceph, R2, …), shared by every server process:
 * STORAGE_DRIVER=s3 with S3_ENDPOINT, S3_BUCKET, S3_REGION, credentials and S3_FORCE_PATH_STYLE. The bucket
 * stays private: browsers never talk to it. Media keep their `/media/<key>` URLs and any server streams
 * them from the bucket with the same caching headers as from disk (web/static.ts), so nothing stored
 * names the bucket, and moving from disk to a bucket is a copy of the files under the same keys.
 */
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../config';
import { MEDIA_URL_PREFIX, mediaKey, mediaKeyOf } from './keys';
import type { MediaObject, MediaStorage } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** A status the object store answered with, for the caller to map (404 gone, 416 a range outside the object). */
export class ObjectStoreError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// Loaded on first use: a server keeping media on disk never pays for loading the SDK.
let loadedSdk: Promise<typeof import('@aws-sdk/client-s3')> | null = null;
const sdk = () => (loadedSdk ??= import('@aws-sdk/client-s3'));

export function s3Storage(settings: S3Settings): MediaStorage {
  let made: Promise<S3Client> | null = null;
  const client = () => (made ??= sdk().then(({ S3Client }) => new S3Client(options)));
  const options = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible servers reject the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
  const Bucket = settings.bucket;
  const urlOf = (key: string) => MEDIA_URL_PREFIX + key;

  async function upload(key: string, body: Buffer | Readable, length: number): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await (
      await client()
    ).send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: length, ContentType: contentTypeOf(key) }));
  }

  return {
    driver: 's3',
    root: `s3://${Bucket}`,
    pathOf: (key) => `s3://${Bucket}/${key}`,
    urlOf,
    keyOf: mediaKeyOf,

    async put(folder, ext, data, name) {
      const key = mediaKey(folder, ext, name);
      await upload(key, data, data.length);
      return { key, url: urlOf(key) };
    },

    /** Through a temporary file: a single PUT needs the length up front, and a video's is known only at its end. */
    async putStream(folder, ext, data, name) {
      const key = mediaKey(folder, ext, name);
      const dir = await mkdtemp(path.join(tmpdir(), 'plaza-upload-'));
      const file = path.join(dir, 'media');
      try {
        await pipeline(data, createWriteStream(file));
        await upload(key, createReadStream(file), (await stat(file)).size);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return { key, url: urlOf(key) };
    },

    async remove(key) {
      if (key.includes('..')) return;
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async read(key, range) {
      if (key.includes('..')) return null;
      const { GetObjectCommand, NoSuchKey, S3ServiceException } = await sdk();
      let out: GetObjectCommandOutput;
      try {
        out = await (await client()).send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) }));
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        if (status === 404) return null;
        if (status === 416) throw new ObjectStoreError(416, 'The range lies outside the medium.');
        throw err;
      }
      const partial = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
      const object: MediaObject = {
        body: out.Body as Readable,
        length: out.ContentLength ?? 0,
        size: partial ? Number(partial[3]) : (out.ContentLength ?? 0),
        contentType: out.ContentType ?? contentTypeOf(key),
        ...(partial ? { range: { start: Number(partial[1]), end: Number(partial[2]) } } : {}),
        ...(out.ETag ? { etag: out.ETag } : {}),
        ...(out.LastModified ? { lastModified: out.LastModified } : {}),
      };
      return object;
    },
  };
}
