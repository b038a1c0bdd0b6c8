/**
 * A small web site for the link preview suites, served by the test itself on a loopback address: an OpenGraph
 * article with its image, redirects, a 50 MB page, a page that never finishes, and pages whose "image" is an
 * SVG or an HTML page. It counts what was asked of it and how many bytes each answer got out.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pngImage } from '../../../test/factories';

export interface FixtureSite {
  origin: string;
  /** Requests by path (without the query). */
  hits: Map<string, number>;
  /** Bytes of the 50 MB page written before its reader hung up. */
  hugeBytesSent(): number;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

export function ogPage(opts: { title: string; description?: string; image?: string; siteName?: string; padding?: number }): string {
  const meta = [
    `<meta property="og:title" content="${opts.title}">`,
    opts.description ? `<meta property="og:description" content="${opts.description}">` : '',
    opts.image ? `<meta property="og:image" content="${opts.image}">` : '',
    opts.siteName ? `<meta property="og:site_name" content="${opts.siteName}">` : '',
  ].join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Not the og title</title>\n${meta}\n</head><body><img src="/decoy.png"><p>Article</p></body></html>`;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

export async function startFixtureSite(host = '127.0.0.1'): Promise<FixtureSite> {
  const png = await pngImage(640, 320);
  const hits = new Map<string, number>();
  let hugeSent = 0;
  const routes = fixtureRoutes(
    png,
    (bytes) => {
      hugeSent += bytes;
    },
    () => hugeSent,
  );

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const route = routes[url.pathname];
    if (route) route(req, res, url);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    hits,
    hugeBytesSent: () => hugeSent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** The site's pages by path; `sent` counts the bytes of the 50 MB page written, `hugeSent` reads them. */
function fixtureRoutes(png: Buffer, sent: (bytes: number) => void, hugeSent: () => number): Record<string, Route> {
  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };

  return {
    '/article': (_req, res, url) =>
      html(
        res,
        ogPage({
          title: `A day at the lake ${url.searchParams.get('n') ?? ''}`.trim(),
          description: 'Swimming &amp; sun',
          image: '/image.png',
          siteName: 'Lake News',
        }),
      ),
    '/image.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    },
    '/svg-image': (_req, res) => html(res, ogPage({ title: 'Vector art', image: '/image.svg' })),
    '/image.svg': (_req, res) => {
      // Labelled as a PNG: only its bytes tell what it is.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(SVG);
    },
    '/html-image': (_req, res) => html(res, ogPage({ title: 'Page as picture', image: '/fake.jpg' })),
    '/fake.jpg': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end('<!doctype html><html><body>not an image</body></html>');
    },
    '/redirect': (_req, res, url) => {
      const left = Number(url.searchParams.get('left') ?? '0');
      const target = url.searchParams.get('to') || '/article';
      const to = left > 0 ? `/redirect?left=${left - 1}&to=${encodeURIComponent(target)}` : target;
      res.writeHead(302, { location: to });
      res.end();
    },
    '/huge': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      res.write(ogPage({ title: 'Fifty megabytes' }).replace('</body></html>', '<p>'));
      const write = () => {
        while (hugeSent() < 50 * MB) {
          sent(chunk.length);
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end('</p></body></html>');
      };
      write();
    },
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><head>');
      // The rest never comes; the reader's deadline ends it.
    },
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<title>Not found</title>');
    },
    '/data.json': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"title":"not html"}');
    },
  };
}
