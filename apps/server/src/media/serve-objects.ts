/**
 * `/media/<key>` answered from object storage: the bytes streamed from the bucket through this server,
 * with the headers the disk's static files get (immutable for a year, byte ranges for video, ETag), so a
 * medium's URL works on every server behind any host name and a CDN in front caches it the same way.
 */
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from '../plugins/error-handler';
import { ObjectStoreError } from './s3-storage';
import type { MediaStorage } from './storage';

/** What keys look like (media/keys.ts); anything else is not looked up at all. */
const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]+$/i;

/** Who may fetch a key (signed story media) and how it may be cached; null keeps the public, immutable default. */
export interface MediaAccess {
  allows(key: string, query: unknown): Promise<boolean>;
  cacheControl(key: string, query: unknown): string | null;
}

export function serveObjectMedia(app: FastifyInstance, storage: MediaStorage, access?: MediaAccess): void {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!KEY.test(key) || (access && !(await access.allows(key, request.query)))) return reply.status(404).send(notFoundBody(request));
    const range =
      typeof request.headers.range === 'string' && request.headers.range.startsWith('bytes=') ? request.headers.range : undefined;
    let object;
    try {
      object = await storage.read(key, range);
    } catch (err) {
      if (err instanceof ObjectStoreError && err.status === 416) {
        return reply
          .status(416)
          .header('Content-Range', 'bytes */*')
          .send({ success: false, error: 'Range Not Satisfiable', message: err.message });
      }
      throw err;
    }
    if (!object) return reply.status(404).send(notFoundBody(request));
    reply
      .header('Cache-Control', access?.cacheControl(key, request.query) ?? 'public, max-age=31536000, immutable')
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', object.contentType);
    if (object.etag) reply.header('ETag', object.etag);
    if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
    if (object.etag && request.headers['if-none-match'] === object.etag && !object.range) {
      object.body.destroy();
      return reply.status(304).send();
    }
    reply.header('Content-Length', object.length);
    if (object.range) reply.status(206).header('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    return reply.send(object.body);
  });
}
