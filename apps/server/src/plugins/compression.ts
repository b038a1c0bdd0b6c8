/**
 * API responses above 1 KB are compressed on the fly for browsers that accept it (a feed page of
 * 7 KB JSON becomes ~1.5 KB). The web app's files are not compressed here: the build wrote `.br` and
 * `.gz` copies that the static handler sends as they are.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses JSON about as well as gzip -9 at a fraction of brotli 11's cost per request.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Media are already compressed images and videos; range requests must reach them untouched.
    customTypes: /^(application\/json|text\/|application\/javascript|image\/svg\+xml)/,
  });
}
