/**
 * A stand-in Mastodon server for the compatibility suite: on loopback, it serves what a Mastodon server
 * serves about one of its users (WebFinger, the actor document with Mastodon's contexts, avatar and media
 * files), signs what it delivers as Mastodon 4 signs it (draft-cavage HTTP Signatures, rsa-sha256, over
 * `host date digest content-type (request-target)`), and takes deliveries to its inboxes only when they
 * carry such a signature by a key their actor owns, as Mastodon checks them; anything else is answered 401.
 */
import { createHash, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { pngImage } from '../../../test/factories';

export const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

/** Mastodon's status context (ActivityPub::Serializer's for a Note and the activities around it). */
export const STATUS_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  {
    ostatus: 'http://ostatus.org#',
    atomUri: 'ostatus:atomUri',
    inReplyToAtomUri: 'ostatus:inReplyToAtomUri',
    conversation: 'ostatus:conversation',
    sensitive: 'as:sensitive',
    toot: 'http://joinmastodon.org/ns#',
    votersCount: 'toot:votersCount',
    blurhash: 'toot:blurhash',
    focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
    Hashtag: 'as:Hashtag',
  },
];

export interface Delivery {
  path: string;
  /** The draft-cavage Signature header it came with, checked. */
  signature: string;
  body: Record<string, unknown>;
}

export interface MastodonStandIn {
  url: string;
  host: string;
  /** The actor id of its one user, `alice`. */
  actor: string;
  /** Activities delivered to its inboxes with a valid signature, in order. */
  received: Delivery[];
  /** How many deliveries it refused for want of a draft-cavage signature it could verify. */
  refused: number;
  /** Signs `activity` as Mastodon would and posts it to `inbox`; the status it was answered with. */
  deliver(inbox: string, activity: object): Promise<number>;
  /** A GET signed by `alice`, as Mastodon signs a fetch (`host date accept (request-target)`). */
  signedGet(url: string): Promise<Response>;
  close(): Promise<void>;
}

/** The first port of `from`..`to` nobody listens on. */
async function portIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createNetServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

const sha256 = (body: Buffer | string) => `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The parameters of a draft-cavage Signature header, or null (an RFC 9421 one does not parse). */
function cavageParams(header: string | undefined): Record<string, string> | null {
  if (!header) return null;
  const params: Record<string, string> = {};
  for (const m of header.matchAll(/(\w+)="([^"]*)"/g)) params[m[1]] = m[2];
  return params.keyId && params.headers && params.signature ? params : null;
}

/** Checks an inbox POST as Mastodon's SignatureVerification does; whether it holds. */
async function verified(req: IncomingMessage, body: Buffer): Promise<boolean> {
  const params = cavageParams(req.headers.signature as string | undefined);
  if (!params || (params.algorithm && params.algorithm !== 'rsa-sha256' && params.algorithm !== 'hs2019')) return false;
  const names = params.headers.split(' ');
  if (!['(request-target)', 'host', 'date', 'digest'].every((h) => names.includes(h))) return false;
  if (req.headers.digest !== sha256(body)) return false;
  if (Math.abs(Date.parse(req.headers.date ?? '') - Date.now()) > 12 * 3600_000) return false;
  const res = await fetch(params.keyId.replace(/#.*$/, ''), { headers: { accept: 'application/activity+json' } });
  if (!res.ok) return false;
  const actor = (await res.json()) as { id?: string; publicKey?: { id?: string; owner?: string; publicKeyPem?: string } };
  const key = actor.publicKey;
  if (!key?.publicKeyPem || key.id !== params.keyId || key.owner !== actor.id) return false;
  const signed = names
    .map((h) => (h === '(request-target)' ? `${h}: ${req.method!.toLowerCase()} ${req.url}` : `${h}: ${String(req.headers[h] ?? '')}`))
    .join('\n');
  return createVerify('sha256').update(signed).verify(key.publicKeyPem, params.signature, 'base64');
}

// Long: a stand-in server; its routes are short and share the keys, the users and the deliveries made once here.
export async function startMastodonStandIn(ports: [number, number]): Promise<MastodonStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const port = await portIn(...ports);
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const actor = `${url}/users/alice`;
  const png = await pngImage(64, 64);
  const received: Delivery[] = [];
  const state = { refused: 0 };

  // What Mastodon 4 serves for a user (ActivityPub::ActorSerializer), trimmed of the optional collections' pages.
  const actorDocument = {
    '@context': [
      'https://www.w3.org/ns/activitystreams',
      'https://w3id.org/security/v1',
      {
        manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
        toot: 'http://joinmastodon.org/ns#',
        featured: { '@id': 'toot:featured', '@type': '@id' },
        featuredTags: { '@id': 'toot:featuredTags', '@type': '@id' },
        alsoKnownAs: { '@id': 'as:alsoKnownAs', '@type': '@id' },
        movedTo: { '@id': 'as:movedTo', '@type': '@id' },
        schema: 'http://schema.org#',
        PropertyValue: 'schema:PropertyValue',
        value: 'schema:value',
        discoverable: 'toot:discoverable',
        suspended: 'toot:suspended',
        memorial: 'toot:memorial',
        indexable: 'toot:indexable',
        focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
      },
    ],
    id: actor,
    type: 'Person',
    following: `${actor}/following`,
    followers: `${actor}/followers`,
    inbox: `${actor}/inbox`,
    outbox: `${actor}/outbox`,
    featured: `${actor}/collections/featured`,
    featuredTags: `${actor}/collections/tags`,
    preferredUsername: 'alice',
    name: 'Alice Mastodon',
    summary:
      '<p>Knitting, <a href="https://example.com/tags/birds" class="mention hashtag" rel="tag">#<span>birds</span></a> &amp; tea</p>',
    url: `${url}/@alice`,
    manuallyApprovesFollowers: false,
    discoverable: true,
    indexable: false,
    published: '2023-04-01T00:00:00Z',
    memorial: false,
    publicKey: { id: `${actor}#main-key`, owner: actor, publicKeyPem: publicKey },
    tag: [],
    attachment: [{ type: 'PropertyValue', name: 'Pronouns', value: 'she/her' }],
    endpoints: { sharedInbox: `${url}/inbox` },
    icon: { type: 'Image', mediaType: 'image/png', url: `${url}/system/accounts/avatars/alice.png` },
  };

  const webfinger = {
    subject: `acct:alice@${host}`,
    aliases: [`${url}/@alice`, actor],
    links: [
      { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: `${url}/@alice` },
      { rel: 'self', type: 'application/activity+json', href: actor },
      { rel: 'http://ostatus.org/schema/1.0/subscribe', template: `${url}/authorize_interaction?uri={uri}` },
    ],
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', url).pathname;
      if (req.method === 'POST' && (path === '/inbox' || path === '/users/alice/inbox')) {
        const body = await readBody(req);
        if (!(await verified(req, body))) {
          state.refused++;
          return res.writeHead(401).end();
        }
        received.push({
          path,
          signature: String(req.headers.signature),
          body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
        });
        return res.writeHead(202).end();
      }
      if (path === '/.well-known/webfinger') {
        const resource = new URL(req.url ?? '/', url).searchParams.get('resource');
        if (resource !== webfinger.subject && resource !== actor) return res.writeHead(404).end();
        return res.writeHead(200, { 'content-type': 'application/jrd+json; charset=utf-8' }).end(JSON.stringify(webfinger));
      }
      if (path === '/users/alice') {
        return res.writeHead(200, { 'content-type': 'application/activity+json; charset=utf-8' }).end(JSON.stringify(actorDocument));
      }
      if (path.startsWith('/system/') && path.endsWith('.png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      res.writeHead(404).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url,
    host,
    actor,
    received,
    get refused() {
      return state.refused;
    },
    async deliver(inbox, activity) {
      const body = JSON.stringify(activity);
      const target = new URL(inbox);
      // Mastodon's Request: Host, Date, Digest, then the delivery worker's Content-Type; (request-target) last.
      const headers: Record<string, string> = {
        host: target.host,
        date: new Date().toUTCString(),
        digest: sha256(body),
        'content-type': 'application/activity+json',
      };
      const signed = [...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `(request-target): post ${target.pathname}`].join('\n');
      const signature = createSign('sha256').update(signed).sign(privateKey, 'base64');
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          ...headers,
          'user-agent': 'http.rb/5.1.1 (Mastodon/4.3.0; +https://joinmastodon.org/)',
          signature: `keyId="${actor}#main-key",algorithm="rsa-sha256",headers="host date digest content-type (request-target)",signature="${signature}"`,
        },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    },
    async signedGet(address) {
      const target = new URL(address);
      const headers: Record<string, string> = {
        host: target.host,
        date: new Date().toUTCString(),
        accept: 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      };
      const signed = [...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `(request-target): get ${target.pathname}`].join('\n');
      const signature = createSign('sha256').update(signed).sign(privateKey, 'base64');
      return fetch(target, {
        headers: {
          ...headers,
          signature: `keyId="${actor}#main-key",algorithm="rsa-sha256",headers="host date accept (request-target)",signature="${signature}"`,
        },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
