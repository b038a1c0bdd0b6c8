/** Serves uploaded media and the built web app (with the SPA fallback to index.html). */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { serveObjectMedia } from '../media/serve-objects';
import { notFoundBody } from '../plugins/error-handler';
import { isPrivateMedia, secondsLeft, type PrivateMediaAccess } from '../security/signed-media';

const NOT_SPA = /^\/(api|media|socket\.io|healthz|readyz|metrics)(\/|$|\?)/;

export async function registerStatic(app: FastifyInstance, config: Config, privateMedia: PrivateMediaAccess) {
  // Story media is served only with a valid signature for a viewer who may still see the story (404
  // otherwise), and only to the browser's private cache, until the signature expires (security/signed-media.ts).
  const privateCacheControl = (mediaPath: string, query: unknown) =>
    isPrivateMedia(mediaPath) ? `private, max-age=${secondsLeft(query)}` : null;
  if (app.ctx.storage.driver === 's3') {
    serveObjectMedia(app, app.ctx.storage, {
      allows: async (key, query) => !isPrivateMedia(key) || (await privateMedia.allows(key, query)),
      cacheControl: privateCacheControl,
    });
  } else {
    mkdirSync(config.mediaDir, { recursive: true });
    await app.register(async (media) => {
      // Whether the viewer may still see the story needs the database, which `allowedPath` cannot wait
      // for: the hook asks first, and `allowedPath` serves a private file only to a request it let through.
      const letThrough = new WeakSet<FastifyRequest>();
      media.addHook('preHandler', async (request, reply) => {
        const key = (request.params as { '*'?: string })['*'] ?? '';
        if (!isPrivateMedia(key)) return;
        if (!(await privateMedia.allows(key, request.query))) return reply.status(404).send(notFoundBody(request));
        letThrough.add(request);
      });
      // Media names are random and never rewritten, so public media can be cached for a year.
      await media.register(fastifyStatic, {
        root: config.mediaDir,
        prefix: '/media/',
        decorateReply: false,
        index: false,
        immutable: true,
        maxAge: '365d',
        acceptRanges: true,
        allowedPath: (pathName, _root, request) => !isPrivateMedia(pathName) || letThrough.has(request),
        setHeaders(reply, filePath) {
          const cacheControl = privateCacheControl(path.relative(config.mediaDir, filePath), reply.request.query);
          if (cacheControl) reply.header('Cache-Control', cacheControl);
        },
      });
    });
  }

  const webDist = config.webDist;
  if (!webDist) {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('Plaza API is running. The web app is not built yet: run `npm run build`.'),
    );
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request)));
    return;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // The build wrote .br and .gz beside each file; the smallest one the browser accepts is sent.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // Client-side routes (/feeds, /chat, …) all answer with the app shell, also to crawlers and link
  // previewers that send no Accept header or `*/*`; only a client asking for JSON alone gets the 404 body.
  app.setNotFoundHandler((request, reply) => {
    const accepts = request.headers.accept ?? '';
    const wantsJsonOnly = accepts.includes('application/json') && !accepts.includes('text/html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_SPA.test(request.url) &&
      !wantsJsonOnly &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0])
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.status(404).send(notFoundBody(request));
  });
}
